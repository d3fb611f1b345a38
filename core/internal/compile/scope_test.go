package compile

import (
	"reflect"
	"testing"
)

// findCode returns the code object with the given qualname.
func findCode(c *Code, qualname string) *Code {
	if c.QualName == qualname {
		return c
	}
	for _, k := range c.Consts {
		if sub, ok := k.(*Code); ok {
			if r := findCode(sub, qualname); r != nil {
				return r
			}
		}
	}
	return nil
}

func TestScopes(t *testing.T) {
	src := `
def outer(a, b):
    x = 1
    def middle():
        def inner():
            nonlocal x
            x += a
            return g
        return inner
    return middle

class C(Base):
    y = 1
    def m(self):
        return super().m()
    def n(self):
        def deep():
            return __class__
        return deep
    def plain(self):
        return y

def f():
    global gv
    gv = 1
    return [i + z for i in range(3) if (w := i)]

def comp_in_class():
    q = 5
    class D:
        q = 6
        def get(self):
            return q
    return D
`
	code := mustCompile(t, src)
	tests := []struct {
		qualname               string
		varnames, cells, frees []string
		cellArgs               []int
	}{
		{"outer", []string{"a", "b", "middle"}, []string{"a", "x"}, nil, []int{0, -1}},
		{"outer.<locals>.middle", []string{"inner"}, nil, []string{"a", "x"}, nil},
		{"outer.<locals>.middle.<locals>.inner", nil, nil, []string{"a", "x"}, nil},
		{"C", nil, []string{"__class__"}, nil, []int{-1}},
		{"C.m", []string{"self"}, nil, []string{"__class__"}, nil},
		{"C.n", []string{"self", "deep"}, nil, []string{"__class__"}, nil},
		{"C.n.<locals>.deep", nil, nil, []string{"__class__"}, nil},
		{"C.plain", []string{"self"}, nil, nil, nil},
		{"f", nil, []string{"w"}, nil, []int{-1}},
		{"f.<locals>.<listcomp>", []string{".0", "i"}, nil, []string{"w"}, nil},
		{"comp_in_class", []string{"D"}, []string{"q"}, nil, []int{-1}},
		{"comp_in_class.<locals>.D", nil, nil, []string{"q"}, nil},
		{"comp_in_class.<locals>.D.get", []string{"self"}, nil, []string{"q"}, nil},
	}
	for _, tt := range tests {
		c := findCode(code, tt.qualname)
		if c == nil {
			t.Errorf("no code %s", tt.qualname)
			continue
		}
		if !reflect.DeepEqual(c.Varnames, tt.varnames) && !(len(c.Varnames) == 0 && len(tt.varnames) == 0) {
			t.Errorf("%s varnames %v, want %v", tt.qualname, c.Varnames, tt.varnames)
		}
		if !reflect.DeepEqual(c.Cellvars, tt.cells) && !(len(c.Cellvars) == 0 && len(tt.cells) == 0) {
			t.Errorf("%s cellvars %v, want %v", tt.qualname, c.Cellvars, tt.cells)
		}
		if !reflect.DeepEqual(c.CellArgs, tt.cellArgs) && !(len(c.CellArgs) == 0 && len(tt.cellArgs) == 0) {
			t.Errorf("%s cellargs %v, want %v", tt.qualname, c.CellArgs, tt.cellArgs)
		}
		if !reflect.DeepEqual(c.Freevars, tt.frees) && !(len(c.Freevars) == 0 && len(tt.frees) == 0) {
			t.Errorf("%s freevars %v, want %v", tt.qualname, c.Freevars, tt.frees)
		}
	}
	// Names resolve to the right instructions.
	ops := func(qual string) map[Opcode]bool {
		m := map[Opcode]bool{}
		for _, in := range findCode(code, qual).Instrs {
			m[in.Op()] = true
		}
		return m
	}
	if o := ops("f"); !o[STORE_GLOBAL] || !o[LOAD_CLOSURE] {
		t.Errorf("f: want STORE_GLOBAL for gv and LOAD_CLOSURE for w")
	}
	if o := ops("f.<locals>.<listcomp>"); !o[STORE_DEREF] || !o[LOAD_GLOBAL] {
		t.Errorf("listcomp: want STORE_DEREF for walrus and LOAD_GLOBAL for z")
	}
	if o := ops("C.plain"); !o[LOAD_GLOBAL] || o[LOAD_DEREF] {
		t.Errorf("C.plain: class variables are not visible in methods")
	}
	if o := ops("C"); !o[STORE_NAME] || !o[LOAD_CLOSURE] {
		t.Errorf("C: want STORE_NAME and LOAD_CLOSURE __class__")
	}
	if o := ops("<module>"); o[STORE_NAME] || !o[STORE_GLOBAL] {
		t.Errorf("module: want global ops only")
	}
}

func TestQualnamesAndFlags(t *testing.T) {
	src := `
def gen():
    yield 1
async def coro():
    await x
async def agen():
    yield 1
def args(a, /, b, *c, d, e=1, **f):
    "doc"
    return lambda: (x for x in c)
class K:
    def meth(self): pass
`
	code := mustCompile(t, src)
	want := map[string]Flags{
		"gen":                    FlagGenerator,
		"coro":                   FlagCoroutine,
		"agen":                   FlagAsyncGenerator,
		"args":                   FlagVarArgs | FlagVarKw,
		"K":                      FlagClassBody,
		"K.meth":                 0,
		"args.<locals>.<lambda>": 0,
		"args.<locals>.<lambda>.<locals>.<genexpr>": FlagGenerator | FlagComprehension,
		"<module>": FlagModule,
	}
	for q, f := range want {
		c := findCode(code, q)
		if c == nil {
			t.Errorf("missing %s", q)
			continue
		}
		if c.Flags != f {
			t.Errorf("%s flags %#x, want %#x", q, c.Flags, f)
		}
	}
	a := findCode(code, "args")
	if a.ArgCount != 2 || a.PosOnlyCount != 1 || a.KwOnlyCount != 2 || a.Docstring != "doc" ||
		!reflect.DeepEqual(a.Varnames, []string{"a", "b", "d", "e", "c", "f"}) {
		t.Errorf("args: argcount %d posonly %d kwonly %d varnames %v doc %v", a.ArgCount, a.PosOnlyCount, a.KwOnlyCount, a.Varnames, a.Docstring)
	}
	if a.Name != "args" || a.Filename != "main.py" || a.FirstLine != 8 || len(a.Source) == 0 {
		t.Errorf("args: name %q file %q firstline %d", a.Name, a.Filename, a.FirstLine)
	}
}
