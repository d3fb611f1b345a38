package gateway

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"sync/atomic"
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
	max       int64
	hdr       []byte
	need      int   // header bytes needed (2 until the length is known)
	remaining int64 // payload bytes left in the current frame
	tooBig    atomic.Bool
}

func newFrameInspector(max int64) *frameInspector {
	return &frameInspector{max: max, need: 2}
}

// feed takes the next bytes of the stream.
func (f *frameInspector) feed(p []byte) {
	for len(p) > 0 {
		if f.remaining > 0 {
			n := int64(len(p))
			if n > f.remaining {
				n = f.remaining
			}
			f.remaining -= n
			p = p[n:]
			continue
		}
		f.hdr = append(f.hdr, p[0])
		p = p[1:]
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
		var n int64
		switch l := f.hdr[1] & 0x7f; l {
		case 126:
			n = int64(f.hdr[2])<<8 | int64(f.hdr[3])
		case 127:
			for _, b := range f.hdr[2:10] {
				n = n<<8 | int64(b)
			}
		default:
			n = int64(l)
		}
		if opcode := f.hdr[0] & 0x0f; opcode < 0x8 && n > f.max {
			f.tooBig.Store(true)
		}
		f.remaining = n
		f.hdr = f.hdr[:0]
		f.need = 2
	}
}

// inspectedConn is a hijacked connection whose reads pass through a
// frameInspector.
type inspectedConn struct {
	net.Conn
	r io.Reader
	f *frameInspector
}

func (c *inspectedConn) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.f.feed(p[:n])
	return n, err
}

// hijackInspector is the ResponseWriter given to websocket.Accept: its
// Hijack returns the connection with an inspector on the client's frames.
type hijackInspector struct {
	http.ResponseWriter
	f *frameInspector
}

func (w *hijackInspector) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Bytes the server had already buffered go through the inspector too.
	buffered, _ := brw.Reader.Peek(brw.Reader.Buffered())
	c := &inspectedConn{Conn: nc, r: io.MultiReader(bytes.NewReader(append([]byte(nil), buffered...)), nc), f: w.f}
	return c, bufio.NewReadWriter(bufio.NewReader(c), brw.Writer), nil
}

func (w *hijackInspector) Unwrap() http.ResponseWriter { return w.ResponseWriter }
