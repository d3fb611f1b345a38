package vm_test

// Dicts grown by the fast paths (dict literals written in place,
// comprehensions and stores from the loop, get/setdefault) stay under
// the memory limit: each must stop with the memory Fatal, uncaught.

import (
	"errors"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

func TestDictGrowthUnderMemoryLimit(t *testing.T) {
	progs := map[string]string{
		"store":          "d = {}\ni = 0\nwhile True:\n    d[i] = i\n    i += 1\n",
		"store str":      "d = {}\ni = 0\nwhile True:\n    d['k' + str(i)] = i\n    i += 1\n",
		"count with get": "d = {}\ni = 0\nwhile True:\n    d[i] = d.get(i, 0) + 1\n    i += 1\n",
		"setdefault":     "d = {}\ni = 0\nwhile True:\n    d.setdefault(i, []).append(i)\n    i += 1\n",
		"comprehension":  "d = {i: i for i in range(10**12)}\n",
		"literals":       "x = []\nwhile True:\n    x.append({'a': len(x), 'b': 2, 'c': {'d': 3}})\n",
		"merge":          "d = {i: i for i in range(1000)}\nx = []\nwhile True:\n    x.append({**d, 'n': len(x)})\n",
		"caught":         "try:\n    d = {}\n    i = 0\n    while True:\n        d[i] = i\n        i += 1\nexcept BaseException:\n    print('caught')\n",
	}
	for name, src := range progs {
		t.Run(name, func(t *testing.T) {
			out, err, _ := limTestRun(t, src, limTestSet("memory", 8<<20))
			var f *vm.Fatal
			if !errors.As(err, &f) || f.Kind != "memory" {
				t.Fatalf("error = %T %v, want the memory Fatal", err, err)
			}
			if strings.Contains(out, "caught") {
				t.Errorf("sandboxed code handled the Fatal: output %q", out)
			}
		})
	}
}
