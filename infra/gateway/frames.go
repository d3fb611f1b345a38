package gateway

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// MaxFrame is API Gateway's WebSocket frame size (32 KB). A client must
// send a larger message as several frames; a larger frame closes the
// connection with 1009. The gateway sends messages to clients in frames
// of at most this size too.
const MaxFrame = 32 * 1024

// frameInspector watches the bytes of a WebSocket stream go by and notes
// a data frame whose payload is over max. It parses frame headers only;
// the WebSocket library still reads the stream.
type frameInspector struct {
	max       uint64
	hdr       []byte
	need      int    // header bytes needed (2 until the length is known)
	remaining uint64 // payload bytes left in the current frame
	tooBig    atomic.Bool
}

func newFrameInspector(max int64) *frameInspector {
	return &frameInspector{max: uint64(max), need: 2}
}

// feed takes the next bytes of the stream. It returns the offset in p
// where the header of the first frame over the limit begins (0 when it
// began in an earlier feed), or -1; it stops there.
func (f *frameInspector) feed(p []byte) int {
	if f.tooBig.Load() {
		return 0 // the connection is closing: nothing more is parsed
	}
	hdrStart := 0
	for i := 0; i < len(p); {
		if f.remaining > 0 {
			n := min(uint64(len(p)-i), f.remaining)
			f.remaining -= n
			i += int(n)
			continue
		}
		if len(f.hdr) == 0 {
			hdrStart = i
		}
		f.hdr = append(f.hdr, p[i])
		i++
		if len(f.hdr) == 2 {
			switch f.hdr[1] & 0x7f {
			case 126:
				f.need += 2
			case 127:
				f.need += 8
			}
			if f.hdr[1]&0x80 != 0 { // masked: a 4-byte key follows
				f.need += 4
			}
		}
		if len(f.hdr) < f.need {
			continue
		}
		var n uint64
		switch l := f.hdr[1] & 0x7f; l {
		case 126:
			n = uint64(f.hdr[2])<<8 | uint64(f.hdr[3])
		case 127:
			// All 64 bits: a length with the top bit set (not allowed by
			// RFC 6455) is over any limit too.
			for _, b := range f.hdr[2:10] {
				n = n<<8 | uint64(b)
			}
		default:
			n = uint64(l)
		}
		if opcode := f.hdr[0] & 0x0f; opcode < 0x8 && n > f.max {
			f.tooBig.Store(true)
			return hdrStart
		}
		f.remaining = n
		f.hdr = f.hdr[:0]
		f.need = 2
	}
	return -1
}

// atBoundary reports whether the stream is between two frames.
func (f *frameInspector) atBoundary() bool { return f.remaining == 0 && len(f.hdr) == 0 }

// errFrameTooBig ends the reads of a connection whose client declared a
// frame over the limit.
var errFrameTooBig = errors.New("gateway: frame over the size limit")

// inspectedConn is a hijacked connection whose reads pass through a
// frameInspector. A client frame over the limit closes the connection
// at once, with 1009 (message too big), before its payload is read: the
// WebSocket library never sees that frame's header. Writes are tracked
// too, so the close frame is written between the server's frames (when a
// frame is half written, the connection is just closed).
type inspectedConn struct {
	net.Conn
	r       io.Reader
	f       *frameInspector
	onClose func() // tells the gateway why the connection ends

	mu     sync.Mutex
	out    *frameInspector // the server's frames
	closed bool
}

func (c *inspectedConn) Read(p []byte) (int, error) {
	if c.f.tooBig.Load() {
		return 0, errFrameTooBig
	}
	n, err := c.r.Read(p)
	if at := c.f.feed(p[:n]); at >= 0 {
		c.closeTooBig()
		if at == 0 {
			return 0, errFrameTooBig
		}
		return at, nil
	}
	return n, err
}

func (c *inspectedConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return 0, net.ErrClosed
	}
	n, err := c.Conn.Write(p)
	c.out.feed(p[:n])
	return n, err
}

// closeTooBig sends the close frame 1009 and closes the connection.
func (c *inspectedConn) closeTooBig() {
	if c.onClose != nil {
		c.onClose()
	}
	if !c.mu.TryLock() {
		// A write is under way (perhaps to a client that does not read):
		// no close frame can go between frames now.
		_ = c.Conn.Close()
		return
	}
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.closed = true
	if c.out.atBoundary() {
		const reason = "Message too big"
		msg := append([]byte{0x88, byte(2 + len(reason)), 0x03, 0xf1}, reason...) // FIN|close, 1009
		_ = c.Conn.SetWriteDeadline(time.Now().Add(time.Second))
		_, _ = c.Conn.Write(msg)
	}
	_ = c.Conn.Close()
}

// hijackInspector is the ResponseWriter given to websocket.Accept: its
// Hijack returns the connection with an inspector on the client's frames.
type hijackInspector struct {
	http.ResponseWriter
	f       *frameInspector
	onClose func()
}

func (w *hijackInspector) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Bytes the server had already buffered go through the inspector too.
	buffered, _ := brw.Reader.Peek(brw.Reader.Buffered())
	c := &inspectedConn{Conn: nc, r: io.MultiReader(bytes.NewReader(append([]byte(nil), buffered...)), nc), f: w.f,
		onClose: w.onClose, out: newFrameInspector(math.MaxInt64)}
	if err := brw.Writer.Flush(); err != nil {
		return nil, nil, err
	}
	return c, bufio.NewReadWriter(bufio.NewReader(c), bufio.NewWriter(c)), nil
}

func (w *hijackInspector) Unwrap() http.ResponseWriter { return w.ResponseWriter }
