package heap

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
)

// codecSamples returns pages (handle 0 first, always nil) holding every
// kind of object, with references that stay inside the page.
func codecSamples() [][]Object {
	str := func(s string) *Str { return &Str{S: s, N: -1} }
	code := &compile.Code{
		Name: "f", QualName: "f", Filename: "main.py", FirstLine: 1, ArgCount: 1,
		Varnames: []string{"a"}, Cellvars: []string{"c"}, CellArgs: []int{-1}, Names: []string{"x"},
		Consts:    []any{nil},
		Instrs:    []compile.Instr{compile.MakeInstr(compile.LOAD_CONST, 0), compile.MakeInstr(compile.LOAD_GLOBAL, 0), compile.MakeInstr(compile.RETURN_VALUE, 0)},
		Lines:     []int32{1, 2, 2},
		StackSize: 2, Source: []string{"def f(a):", "  return x"}, Docstring: "doc",
	}
	var bi BigInt
	bi.V.Exp(big.NewInt(3), big.NewInt(80), nil)
	d := &Dict{}
	d.Append(Ref(1), Int(5), 42)
	d.Append(Ref(2), Ref(3), 43)
	d.DeleteAt(0)
	s := &Set{}
	s.Add(Int(1), 1, func(a, b Value) (bool, error) { return a == b, nil })
	s.Add(Int(9), 9, func(a, b Value) (bool, error) { return a == b, nil })
	frame := &Frame{Code: Ref(8), Func: Ref(9), Globals: Ref(5), Locals: Undef, PC: 1, Gen: Ref(20),
		Slots: make([]Value, 1+1+2+4), Blocks: []Block{{Handler: 2, Level: 2}}, Ret: RetForIter, RetArg: 7}
	frame.Slots[0] = Int(-7)
	frame.Slots[1] = Ref(7)
	frame.SP = 3
	frame.Slots[2] = Float(2.5)
	page := []Object{
		nil,
		str("x"),     // 1
		str("héllo"), // 2
		&Bytes{B: []byte{0, 1, 2}, Mutable: true}, // 3
		&bi,            // 4
		d,              // 5
		s,              // 6
		&Cell{V: None}, // 7
		&CodeObj{Code: code, Consts: []Value{None, Ref(1)}}, // 8
		&Function{Code: Ref(8), Globals: Ref(5), Name: Ref(1), Qualname: Ref(1), Defaults: []Value{Int(1)}, KwDefaults: Undef, Dict: Undef, Doc: None, Module: Ref(1), Annotations: Undef}, // 9
		&Builtin{ID: 0, Self: Ref(3)},            // 10
		&BoundMethod{Self: Ref(3), Func: Ref(9)}, // 11
		&Class{Name: Ref(1), Qualname: Ref(1), Bases: nil, MRO: []Value{Ref(12)}, Dict: Ref(5), Meta: Undef, Builtin: 3, Flags: 1},                                                              // 12
		&Instance{Class: Ref(12), Dict: Undef, Prim: Int(1), Exc: &ExcData{Args: Ref(14), Cause: None, Context: None, SuppressContext: true, Traceback: []TraceEntry{{Code: Ref(8), Line: 2}}}}, // 13
		&Tuple{Items: []Value{Ref(1), True, False, NotImplemented, Ellipsis}},                                                                                                                   // 14
		&List{Items: []Value{Int(1 << 60), Float(-0.0)}},                                                                                                                                        // 15
		&Module{Name: Ref(1), Dict: Ref(5)},                     // 16
		&Property{Get: Ref(9), Set: None, Del: None, Doc: None}, // 17
		&ClassMethod{F: Ref(9)},                                 // 18
		&StaticMethod{F: Ref(9)},                                // 19
		&Generator{Frame: frame, Kind: GenGenerator, State: GenSuspended, Name: Ref(1), Qual: Ref(1), ExcSave: Undef, Awaiting: Undef}, // 20
		&Iter{Kind: IterEnumerate, Seq: Ref(15), I: 3, N: -1, Step: 2, Vals: []Value{Ref(21)}},                                         // 21
		&DictView{Dict: Ref(5), Kind: IterDictItems},                                                                                   // 22
		&HostObject{Name: "db", Index: 4},                                                                                              // 23
		&Opaque{Kind: "re", Vals: []Value{Ref(1)}, Data: []byte("a+"), Aux: 12},                                                        // 24
		&Range{Start: 1, Stop: -9, Step: -2},                                                                                           // 25
		&Slice{Start: None, Stop: Int(3), Step: None},                                                                                  // 26
		&Super{Type: Ref(12), Obj: Ref(13), ObjType: Ref(12)},                                                                          // 27
		&Complex{Re: 1, Im: -2},                                                                                                        // 28
		&WeakRef{Target: Ref(13), Callback: None},                                                                                      // 29
		&List{Items: make([]Value, 3*SegmentLen+5)},                                                                                    // 30: segmented
	}
	for i := range page[30].(*List).Items {
		page[30].(*List).Items[i] = Int(int64(i))
	}
	return [][]Object{page}
}

func TestPageRoundTrip(t *testing.T) {
	for _, objs := range codecSamples() {
		e := &Encoder{Builtins: fuzzBuiltins{}}
		e.EncodePage(objs, 0)
		if e.Err() != nil {
			t.Fatal(e.Err())
		}
		l, err := NewLoader(len(objs), fuzzBuiltins{}, len(e.B))
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Page(0, e.B); err != nil {
			t.Fatal(err)
		}
		for _, s := range l.SegmentedSeqs() {
			items, _ := BigSeq(objs[s[0]])
			for i := 0; i < s[1]; i++ {
				if err := l.Segment(Handle(s[0]), i, EncodeSegment(nil, items, i)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := l.Finish(); err != nil {
			t.Fatal(err)
		}
		e2 := &Encoder{Builtins: fuzzBuiltins{}}
		e2.EncodePage(l.Objects(), 0)
		if !bytes.Equal(e.B, e2.B) {
			t.Errorf("re-encoding differs:\n%x\n%x", e.B, e2.B)
		}
		got := l.Objects()
		if h := got[23].(*HostObject); h.Index != -1 || h.Name != "db" {
			t.Errorf("host object = %+v, want a stand-in", h)
		}
		if o := got[24].(*Opaque); o.Aux != nil {
			t.Errorf("opaque cache persisted")
		}
		if c := got[8].(*CodeObj).Code; len(c.Consts) != 1 || c.Consts[0] != nil || c.Docstring != "doc" || c.Source[1] != "  return x" {
			t.Errorf("code = %+v", c)
		}
		if g := got[20].(*Generator); g.Frame.C != got[8] || g.Frame.SP != 3 || g.Frame.Slots[2] != Float(2.5) {
			t.Errorf("generator frame = %+v", g.Frame)
		}
		if d := got[5].(*Dict); d.Len() != 1 || len(d.Entries) != 2 {
			t.Errorf("dict = %+v", d)
		} else if v, ok, _ := d.Get(Ref(2), 43, func(a, b Value) (bool, error) { return a == b, nil }); !ok || v != Ref(3) {
			t.Errorf("dict lookup after load = %v %v", v, ok)
		}
		if s := got[6].(*Set); len(s.Keys()) != 2 || s.Keys()[1] != Int(9) {
			t.Errorf("set = %v", s.Keys())
		}
	}
}

func TestLoaderRejectsBadReferences(t *testing.T) {
	tests := []struct {
		name string
		objs []Object
	}{
		{"free handle", []Object{nil, &List{Items: []Value{Ref(2)}}, nil}},
		{"function without code", []Object{nil, &Str{S: "f"}, &Dict{}, &Function{Code: Ref(1), Globals: Ref(2), Name: Ref(1), Qualname: Ref(1)}}},
		{"instance of a non-class", []Object{nil, &Str{S: "f"}, &Instance{Class: Ref(1)}}},
		{"jump out of code", []Object{nil, &CodeObj{Code: &compile.Code{Instrs: []compile.Instr{compile.MakeInstr(compile.JUMP, 5)}, Lines: []int32{1}}}}},
		{"local out of range", []Object{nil, &CodeObj{Code: &compile.Code{Instrs: []compile.Instr{compile.MakeInstr(compile.LOAD_FAST, 0)}, Lines: []int32{1}}}}},
		{"unknown opcode", []Object{nil, &CodeObj{Code: &compile.Code{Instrs: []compile.Instr{compile.MakeInstr(compile.NumOpcodes, 0)}, Lines: []int32{1}}}}},
		{"huge stack", []Object{nil, &CodeObj{Code: &compile.Code{Instrs: []compile.Instr{0}, Lines: []int32{1}, StackSize: 1 << 20}}}},
	}
	for _, tt := range tests {
		e := &Encoder{}
		e.EncodePage(tt.objs, 0)
		l, _ := NewLoader(len(tt.objs), nil, len(e.B))
		err := l.Page(0, e.B)
		if err == nil {
			err = l.Finish()
		}
		if !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: err = %v, want ErrCorrupt", tt.name, err)
		}
	}
}
