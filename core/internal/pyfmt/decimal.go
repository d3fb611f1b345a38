package pyfmt

// DecLen is the number of decimal digits of u.
func DecLen(u uint64) int {
	n := 1
	for u >= 100 {
		u /= 100
		n += 2
	}
	if u >= 10 {
		n++
	}
	return n
}

// digitPairs holds "00" to "99".
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"4041424344454647484950515253545556575859606162636465666768697071727374757677787980" +
	"81828384858687888990919293949596979899"

// PutDec writes u's decimal digits at the end of buf, two at a time.
func PutDec(buf []byte, u uint64) {
	i := len(buf)
	for u >= 100 {
		q := u / 100
		r := u - q*100
		i -= 2
		buf[i], buf[i+1] = digitPairs[2*r], digitPairs[2*r+1]
		u = q
	}
	if u >= 10 {
		i -= 2
		buf[i], buf[i+1] = digitPairs[2*u], digitPairs[2*u+1]
	} else {
		i--
		buf[i] = byte('0' + u)
	}
}
