package vm

import "testing"

// langProbeCases are small programs whose output once differed from
// CPython 3.11; want is what python3 prints.
var langProbeCases = []struct {
	name, src, want string
}{
	{"oserror attrs", `
try:
    raise OSError(2, "No such file")
except OSError as e:
    print(e.errno, e.strerror, e.filename, str(e))
print(str(OSError(2, "No such", "a.txt")))
print(OSError("plain").errno, str(OSError("plain")))
`, "2 No such file None [Errno 2] No such file\n[Errno 2] No such: 'a.txt'\nNone plain\n"},
	{"throw delegates through yield from", `
def inner():
    try:
        x = yield 1
        print("inner got", x)
        yield 2
    except ValueError as e:
        print("inner caught", e)
        yield "recovered"
    return "inner-ret"
def outer():
    r = yield from inner()
    print("outer got ret", r)
    yield "outer-done"
g = outer()
print(next(g))
print(g.send("hello"))
print(g.throw(ValueError("boom")))
print(next(g))
`, "1\ninner got hello\n2\ninner caught boom\nrecovered\nouter got ret inner-ret\nouter-done\n"},
	{"throw delegates to iterator objects and nested generators", `
class It:
    def __iter__(self): return self
    def __next__(self): return 1
    def throw(self, e):
        print("It.throw", repr(e))
        return 99
def d():
    yield from It()
g = d(); next(g); print(g.throw(ValueError("x")))
def d2():
    yield from iter([1, 2, 3])
g = d2(); next(g)
try:
    g.throw(KeyError("q"))
except KeyError as e:
    print("KE", e)
def inner():
    yield 1
def outer():
    try:
        yield from inner()
    except ValueError:
        yield 5
def deep():
    yield from outer()
g = deep(); next(g); print(g.throw(ValueError))
def closer():
    try:
        yield
    finally:
        print("cleanup")
def deleg():
    yield from closer()
d = deleg(); next(d); d.close()
`, "It.throw ValueError('x')\n99\nKE 'q'\n5\ncleanup\n"},
}

func TestLangProbe(t *testing.T) {
	for _, c := range langProbeCases {
		t.Run(c.name, func(t *testing.T) {
			if got := runContainerSnippet(t, c.src); got != c.want {
				t.Errorf("program:\n%s\ngot:\n%s\nwant:\n%s", c.src, got, c.want)
			}
		})
	}
}
