package core_test

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core"
)

// FuzzProgram runs arbitrary small programs under tight limits. Whatever
// the program does, the process must survive, the run must end with a
// result, a Python exception or a limit error (never an internal error),
// and it must stay within the duration limit and the memory limit by no
// more than a margin, measured here.
func FuzzProgram(f *testing.F) {
	seeds := []string{
		"x = [i * i for i in range(100)]\nprint(sum(x))",
		"def f(n):\n    return n if n < 2 else f(n - 1) + f(n - 2)\nf(15)",
		"s = 'ab' * 10\nprint(s.center(40, '*'), s.split('b'), f'{s!r:>50}')",
		"d = {str(i): i for i in range(50)}\nsorted(d.items(), key=lambda kv: -kv[1])[:3]",
		"class A:\n    def __repr__(self): return 'A()'\n[A()] * 3",
		"import json\njson.loads(json.dumps({'a': [1, 2.5, None, True]}))",
		"import re\nre.findall(r'(\\w+)@(\\w+)', 'a@b c@d')",
		"try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    print(repr(e))",
		"x = 'a' * 10**9",
		"x = []\nfor i in range(10**5):\n    x = [x]\nprint(x)",
		"2 ** 10 ** 8",
		"'%*d' % (10**9, 1)",
		"async def g():\n    return 1\nimport asyncio\nasyncio.run(g())",
		"def gen():\n    yield from range(3)\nlist(gen())",
		"while True:\n    pass",
		"eval('1+' * 5000 + '1')",
		"import math\nmath.factorial(2000) % 1000007",
		"b = bytearray(b'xyz')\nb.extend(range(10))\nbytes(b).hex()",
		"import collections\ncollections.Counter('abracadabra').most_common(2)",
		"int('9' * 5000)",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	const (
		maxDur = 100 * time.Millisecond
		maxMem = 16 << 20
	)
	defer debug.SetGCPercent(debug.SetGCPercent(hostileGCPercent))
	f.Fuzz(func(t *testing.T, src string) {
		// Small programs only: the work per input stays bounded, so a
		// fuzzing worker always answers the coordinator in time.
		if len(src) > 4096 || !utf8.ValidString(src) {
			return
		}
		// A run that hangs past every limit would stall the fuzzing
		// worker until the coordinator gives up on it, losing the input:
		// the watchdog turns a hang into a crash the fuzzer records.
		watchdog := time.AfterFunc(5*time.Second, func() {
			panic(fmt.Sprintf("FuzzProgram: run hung for 5s on %q", src))
		})
		defer watchdog.Stop()
		s := core.NewSession(core.Config{Limits: core.Limits{
			MaxDuration: maxDur, MaxMemory: maxMem, MaxRecursion: 200, MaxOutput: 1 << 16, MaxSuspensions: 10,
		}})
		var err error
		elapsed, grew, _ := measureRun(func() {
			_, err = s.FeedRun(src, &core.FeedOptions{Print: func(string, string) {}})
		})
		if err != nil {
			var rt *core.RuntimeError
			var le *core.LimitError
			var se *core.SyntaxError
			var ee *core.ExitError
			if !errors.As(err, &rt) && !errors.As(err, &le) && !errors.As(err, &se) && !errors.As(err, &ee) {
				t.Fatalf("ended with %T: %v", err, err)
			}
			if rt != nil && strings.Contains(rt.Message, "internal error") {
				t.Fatalf("internal error: %v", rt.Traceback)
			}
		}
		if elapsed > maxDur+500*time.Millisecond {
			t.Fatalf("ran %v, over the %v limit + 0.5s", elapsed, maxDur)
		}
		if grew > maxMem+memMargin(maxMem) {
			t.Fatalf("Go heap grew by %.1f MB, over the limit of %d MB + %d MB", float64(grew)/(1<<20), maxMem>>20, memMargin(maxMem)>>20)
		}
	})
}
