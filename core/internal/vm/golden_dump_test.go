package vm_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite the golden dump and print the base image ID")

// goldenBaseID pins the builtin base image. Dumps record it and a build
// whose builtin world differs refuses them (ErrBuild), so a change here
// strands every stored session: make it on purpose, then update this
// constant and regenerate the golden dump (go test -run Golden
// -update-golden).
const goldenBaseID uint64 = 0x6d896f3776821a16

// goldenDumpVersion is the format version of testdata/golden.dump.
const goldenDumpVersion = 3

// goldenProgram pauses in a host call with classes, closures, a generator,
// containers and an exception handler live on the stack.
const goldenProgram = `
class Point:
    def __init__(self, x, y): self.x, self.y = x, y
    def __repr__(self): return f"Point({self.x}, {self.y})"
def counter(n):
    total = 0
    def add(k):
        nonlocal total
        total += k
        return total
    return add
def gen():
    for i in range(3):
        yield i * i
g = gen()
first = next(g)
add = counter(0)
add(5)
data = {"points": [Point(1, 2), Point(3, 4)], "set": {1, 2, 3}, "t": (1.5, b"xy", None)}
try:
    got = tool(7)
except ValueError as e:
    got = -1
print(first, list(g), add(got), sorted(data["set"]), data["points"], data["t"])
`

const goldenOutput = "0 [1, 4] 75 [1, 2, 3] [Point(1, 2), Point(3, 4)] (1.5, b'xy', None)\n"

func TestGoldenBaseImageID(t *testing.T) {
	id, err := vm.BaseImageID()
	if err != nil {
		t.Fatal(err)
	}
	if *updateGolden {
		t.Logf("base image ID: %#x", id)
		return
	}
	if id != goldenBaseID {
		t.Fatalf("base image ID is %#x, want %#x: the builtin world changed, so dumps of earlier builds will be refused (see goldenBaseID)", id, goldenBaseID)
	}
}

// A dump written by an earlier build of this format must keep loading and
// resuming; if the format changes on purpose, it must be refused with a
// version error.
func TestGoldenDumpLoads(t *testing.T) {
	path := filepath.Join("testdata", "golden.dump")
	if *updateGolden {
		s := newSnapSession(t)
		p := s.start(goldenProgram)
		if p == nil || p.Name != "tool" {
			t.Fatalf("program did not pause in tool(): %v %q", p, s.out)
		}
		if err := os.WriteFile(path, s.dump(vm.KindSnapshot), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, kind, err := vm.Load(b)
	if vm.SnapshotVersion != goldenDumpVersion {
		var verr *vm.VersionError
		if !errors.As(err, &verr) || verr.Got != goldenDumpVersion {
			t.Fatalf("format version %d: loading a version %d dump gave %v, want a VersionError", vm.SnapshotVersion, goldenDumpVersion, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if kind != vm.KindSnapshot {
		t.Fatalf("kind %v", kind)
	}
	s := attachSession(t, m)
	s.finish(s.answer(m.Pending()))
	if got := s.out.String(); got != goldenOutput {
		t.Fatalf("output %q, want %q", got, goldenOutput)
	}
}
