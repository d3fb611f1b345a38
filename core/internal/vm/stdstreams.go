package vm

import (
	"math"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// Standard streams. sys.stdout and sys.stderr are instances of a small
// class, TextIOWrapper, whose write and flush are builtins. The stream an
// instance writes to is kept in its "_amber_stream" attribute, so it
// survives a dump like any other instance state.

const stdStreamAttr = "_amber_stream"

func init() {
	registerBuiltin("TextIOWrapper.write", streamWrite, true)
	registerBuiltin("TextIOWrapper.flush", streamFlush, true)
	registerBuiltin("TextIOWrapper.read", streamRead, true)
	registerBuiltin("TextIOWrapper.readline", streamRead, true)
	registerBuiltin("TextIOWrapper.readlines", streamReadlines, true)
	registerBuiltin("TextIOWrapper.readable", streamReadable, true)
	registerBuiltin("TextIOWrapper.writable", streamWritable, true)
	registerBuiltin("TextIOWrapper.__repr__", streamRepr, true)
}

// newStdStream returns a file-like object for sys.stdout ("stdout"),
// sys.stderr ("stderr") or sys.stdin ("stdin"): write(s) sends s to the
// host's output and returns len(s); flush() does nothing. The sandbox
// has no input: sys.stdin is at its end (read() returns an empty str).
func newStdStream(vm *VM, stream string) Value {
	ns := vm.NewDict()
	method := func(name string) Value {
		return vm.H.Alloc(&heap.Builtin{ID: mustBuiltinID("TextIOWrapper." + name), Self: heap.Undef})
	}
	vm.dictSetStr(ns, vm.Intern("__module__"), vm.NewStr("io"))
	vm.dictSetStr(ns, vm.Intern("write"), method("write"))
	for _, name := range []string{"flush", "read", "readline", "readlines", "readable", "writable", "__repr__"} {
		vm.dictSetStr(ns, vm.Intern(name), method(name))
	}
	cls, err := vm.newClass(vm.Types[TType], vm.NewStr("TextIOWrapper"), vm.NewTuple(nil), ns, Args{})
	if err != nil {
		return heap.None
	}
	d := vm.NewDict()
	vm.dictSetStr(d, vm.Intern(stdStreamAttr), vm.NewStr(stream))
	vm.dictSetStr(d, vm.Intern("name"), vm.NewStr("<"+stream+">"))
	vm.dictSetStr(d, vm.Intern("encoding"), vm.NewStr("utf-8"))
	mode := "w"
	if stream == "stdin" {
		mode = "r"
	}
	vm.dictSetStr(d, vm.Intern("mode"), vm.NewStr(mode))
	return vm.H.Alloc(&heap.Instance{Class: cls, Dict: d, Prim: heap.Undef})
}

// StdStreamOf reports which host stream v writes to, if v is one of the
// objects newStdStream made. print(file=...) uses it.
func (vm *VM) StdStreamOf(v Value) (string, bool) {
	if v.K != heap.KRef {
		return "", false
	}
	inst, ok := vm.H.Get(v).(*heap.Instance)
	if !ok || inst.Dict.K != heap.KRef {
		return "", false
	}
	d, ok := vm.DictOf(inst.Dict)
	if !ok {
		return "", false
	}
	k := vm.Intern(stdStreamAttr)
	s, found, _ := d.Get(k, vm.StrHash(k), vm.StrEq)
	if !found {
		return "", false
	}
	name, ok := vm.StrOf(s)
	if !ok || (name != "stdout" && name != "stderr") {
		return "", false
	}
	return name, true
}

// isStdin reports whether v is sys.stdin as newStdStream made it.
func (vm *VM) isStdin(v Value) bool {
	inst, ok := vm.refObj(v).(*heap.Instance)
	if !ok || inst.Dict.K != heap.KRef {
		return false
	}
	d, ok := vm.DictOf(inst.Dict)
	if !ok {
		return false
	}
	k := vm.Intern(stdStreamAttr)
	s, found, _ := d.Get(k, vm.StrHash(k), vm.StrEq)
	name, _ := vm.StrOf(s)
	return found && name == "stdin"
}

// streamRead is read([size]) and readline([size]): sys.stdin is at its
// end; the output streams are not readable.
func streamRead(vm *VM, self Value, a Args) (Value, error) {
	var size Value
	if err := vm.UnpackArgs("read", a, nil, 0, &size); err != nil {
		return heap.Undef, err
	}
	if !vm.isStdin(self) {
		return heap.Undef, vm.unsupported("not readable")
	}
	return vm.Intern(""), nil
}

func streamReadlines(vm *VM, self Value, a Args) (Value, error) {
	if _, err := streamRead(vm, self, a); err != nil {
		return heap.Undef, err
	}
	return vm.NewList(nil), nil
}

func streamReadable(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.UnpackArgs("readable", a, nil, 0); err != nil {
		return heap.Undef, err
	}
	return heap.Bool(vm.isStdin(self)), nil
}

func streamWritable(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.UnpackArgs("writable", a, nil, 0); err != nil {
		return heap.Undef, err
	}
	_, ok := vm.StdStreamOf(self)
	return heap.Bool(ok), nil
}

// streamRepr is CPython's repr of a standard stream.
func streamRepr(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.UnpackArgs("__repr__", a, nil, 0); err != nil {
		return heap.Undef, err
	}
	name, mode := "<stdin>", "r"
	if s, ok := vm.StdStreamOf(self); ok {
		name, mode = "<"+s+">", "w"
	} else if !vm.isStdin(self) {
		return vm.NewStr("<_io.TextIOWrapper>"), nil
	}
	return vm.NewStr("<_io.TextIOWrapper name='" + name + "' mode='" + mode + "' encoding='utf-8'>"), nil
}

func streamWrite(vm *VM, self Value, a Args) (Value, error) {
	s, err := vm.oneStrArg("write", a)
	if err != nil {
		return heap.Undef, err
	}
	stream, ok := vm.StdStreamOf(self)
	if !ok {
		return heap.Undef, vm.TypeError("write() called on a closed or foreign stream")
	}
	if err := vm.write(stream, s); err != nil {
		return heap.Undef, err
	}
	// The count of code points, without a copy of s as runes (four
	// bytes a character the heap does not count).
	return heap.Int(int64(utf8.RuneCountInString(s))), nil
}

func streamFlush(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.UnpackArgs("flush", a, nil, 0); err != nil {
		return heap.Undef, err
	}
	return heap.None, nil
}

// newFloatInfo returns the object for sys.float_info.
func newFloatInfo(vm *VM) Value {
	ns := vm.NewDict()
	vm.dictSetStr(ns, vm.Intern("__module__"), vm.NewStr("sys"))
	cls, err := vm.newClass(vm.Types[TType], vm.NewStr("float_info"), vm.NewTuple(nil), ns, Args{})
	if err != nil {
		return heap.None
	}
	d := vm.NewDict()
	for _, f := range []struct {
		name string
		v    Value
	}{
		{"max", heap.Float(math.MaxFloat64)}, {"max_exp", heap.Int(1024)}, {"max_10_exp", heap.Int(308)},
		{"min", heap.Float(2.2250738585072014e-308)}, {"min_exp", heap.Int(-1021)}, {"min_10_exp", heap.Int(-307)},
		{"dig", heap.Int(15)}, {"mant_dig", heap.Int(53)}, {"epsilon", heap.Float(2.220446049250313e-16)},
		{"radix", heap.Int(2)}, {"rounds", heap.Int(1)},
	} {
		vm.dictSetStr(d, vm.Intern(f.name), f.v)
	}
	return vm.H.Alloc(&heap.Instance{Class: cls, Dict: d, Prim: heap.Undef})
}

// unsupported is io.UnsupportedOperation(msg) (an OSError if the io
// module cannot be loaded).
func (vm *VM) unsupported(msg string) error {
	cls, err := vm.moduleAttr("io", "UnsupportedOperation")
	if err != nil {
		return vm.Errorf(TOSError, "%s", msg)
	}
	exc, err := vm.Call(cls, vm.NewStr(msg))
	if err != nil {
		return err
	}
	return vm.Raise(exc)
}
