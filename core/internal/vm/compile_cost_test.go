package vm_test

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/syntax"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// compileCost is the peak growth of the Go heap while src is parsed and
// compiled, per byte of source. The heap is sampled as the work runs
// (with Go collecting after every 10% of growth, as the hostile table
// does, so that the samples track what is live): a source too deep to
// parse takes its most in the middle of the parse, then fails.
func compileCost(src string) float64 {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	objects := func() int64 {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		metrics.Read(s)
		return int64(s[0].Value.Uint64())
	}
	b := []byte(src)
	runtime.GC()
	base := objects()
	var peak atomic.Int64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if v := objects() - base; v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			default:
				time.Sleep(20 * time.Microsecond)
			}
		}
	}()
	if mod, err := syntax.Parse("<string>", b); err == nil {
		code, _ := compile.Compile(mod, "<string>", b, compile.Options{})
		runtime.KeepAlive(code)
	}
	close(done)
	<-sampled
	return float64(peak.Load()) / float64(len(src))
}

// TestCompileReservationCoversCompiling: exec, eval and a feed reserve
// vm.CompileBytesPerSourceByte per byte of source before they parse, so
// that a huge source meets the memory limit before the parser makes its
// tokens and trees. The reservation must cover what the parser and the
// compiler allocate for the shapes of source that cost most per byte.
func TestCompileReservationCoversCompiling(t *testing.T) {
	shapes := map[string]func(n int) string{
		"sum":          func(n int) string { return strings.Repeat("1+", n) + "1" },
		"deep sum":     func(n int) string { return "x = " + strings.Repeat("1+", n) + "1\n" },
		"names":        func(n int) string { return strings.Repeat("a+", n) + "a" },
		"calls":        func(n int) string { return strings.Repeat("f(1)\n", n) },
		"assignments":  func(n int) string { return strings.Repeat("a=1\n", n) },
		"list display": func(n int) string { return "[" + strings.Repeat("1,", n) + "]" },
		"dict display": func(n int) string { return "{" + strings.Repeat("1:1,", n) + "}" },
		"attributes":   func(n int) string { return strings.Repeat("a.b\n", n) },
		"short lines":  func(n int) string { return strings.Repeat("a\n", n) },
		"subscripts":   func(n int) string { return strings.Repeat("a[1]\n", n) },
		"unary":        func(n int) string { return strings.Repeat("-a\n", n) },
		"parentheses":  func(n int) string { return strings.Repeat("(1),", n) + "1" },
		"comparisons":  func(n int) string { return strings.Repeat("a<", n) + "a" },
		"ifs":          func(n int) string { return strings.Repeat("if a: b\n", n) },
		"lambdas":      func(n int) string { return strings.Repeat("lambda: 1\n", n) },
	}
	worst, worstName := 0.0, ""
	for name, shape := range shapes {
		// Small sources cost more per byte (up to about 300 bytes at
		// tens of kilobytes, with more noise), but little in all: the
		// reservation matters for the large ones.
		for _, n := range []int{100000} {
			c := compileCost(shape(n))
			t.Logf("%-13s n=%-6d %6.1f bytes per source byte", name, n, c)
			if c > worst {
				worst, worstName = c, name
			}
		}
	}
	t.Logf("most: %.1f bytes per source byte (%s)", worst, worstName)
	if worst > vm.CompileBytesPerSourceByte {
		t.Errorf("%s costs %.1f bytes per source byte, over the %d reserved", worstName, worst, vm.CompileBytesPerSourceByte)
	}
}
