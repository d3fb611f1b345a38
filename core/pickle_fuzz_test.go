package core_test

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// pickleLoadsProgram loads the pickle in the bytes literal it is given
// and reports how that ended: the result's type, or the exception's type.
// A Go panic inside the interpreter would surface as SystemError.
const pickleLoadsProgram = `import pickle
data = %s
try:
    r = pickle.loads(data)
    print('ok', type(r).__name__)
except SystemError:
    raise
except Exception as e:
    print('error', type(e).__name__)
`

// pyBytes is b as a Python bytes literal.
func pyBytes(b []byte) string {
	var s strings.Builder
	s.WriteString("b'")
	for _, c := range b {
		fmt.Fprintf(&s, "\\x%02x", c)
	}
	s.WriteString("'")
	return s.String()
}

// FuzzPickleLoads feeds pickle.loads untrusted bytes, starting from
// pickles CPython 3.11 made (testdata/pickle/seeds.hex, written by
// seeds.gen). Whatever the bytes, loads must end in a result or a Python
// exception (never SystemError, an internal error, or a crash) within
// the session's limits.
func FuzzPickleLoads(f *testing.F) {
	file, err := os.Open("testdata/pickle/seeds.hex")
	if err != nil {
		f.Fatal(err)
	}
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		b, err := hex.DecodeString(strings.TrimSpace(sc.Text()))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	file.Close()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		watchdog := time.AfterFunc(10*time.Second, func() {
			panic(fmt.Sprintf("FuzzPickleLoads: hung for 10s on %x", data))
		})
		defer watchdog.Stop()
		s := core.NewSession(core.Config{Limits: core.Limits{
			MaxDuration: 200 * time.Millisecond, MaxMemory: 32 << 20, MaxRecursion: 200, MaxOutput: 1 << 16,
		}})
		var out strings.Builder
		_, err := s.FeedRun(fmt.Sprintf(pickleLoadsProgram, pyBytes(data)), &core.FeedOptions{
			Print: func(_, text string) { out.WriteString(text) },
		})
		var le *core.LimitError
		switch {
		case err == nil:
			if !strings.HasPrefix(out.String(), "ok ") && !strings.HasPrefix(out.String(), "error ") {
				t.Fatalf("loads(%x) printed %q", data, out.String())
			}
		case errors.As(err, &le):
		default:
			t.Fatalf("loads(%x) ended with %T: %v", data, err, err)
		}
	})
}
