package stdlib

// _unicodedata: the Unicode character database (package unidata: Unicode
// 14.0.0, CPython 3.11's tables) under unicodedata.py.

import (
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/stdlib/unidata"
	py "github.com/amber-sandbox/amber/core/internal/vm"
)

// unicodeNameMax is the longest name lookup() considers (CPython's
// NAME_MAXLEN).
const unicodeNameMax = 256

// uniChar is the one-character str argument of fn; what CPython says
// otherwise depends on fn (argSpelling).
func uniChar(vm *py.VM, fn string, v py.Value, argSpelling string) (rune, error) {
	s, ok := vm.StrOf(v)
	if ok {
		if r := []rune(s); len(r) == 1 {
			return r[0], nil
		}
	}
	return 0, vm.TypeError("%s() %s must be a unicode character, not %s", fn, argSpelling, vm.TypeName(v))
}

// uniArgs binds (chr) or (chr, default) of fn.
func uniArgs(vm *py.VM, fn string, a py.Args, withDefault bool) (rune, py.Value, error) {
	if err := unidata.Err(); err != nil {
		return 0, heap.Undef, vm.Errorf(py.TSystemError, "unicodedata tables: %v", err)
	}
	if len(a.KwNames) > 0 {
		return 0, heap.Undef, vm.TypeError("%s() takes no keyword arguments", fn)
	}
	most := 1
	if withDefault {
		most = 2
	}
	if len(a.Pos) < 1 || len(a.Pos) > most {
		if !withDefault {
			return 0, heap.Undef, vm.TypeError("unicodedata.%s() takes exactly one argument (%d given)", fn, len(a.Pos))
		}
		if len(a.Pos) < 1 {
			return 0, heap.Undef, vm.TypeError("%s expected at least 1 argument, got 0", fn)
		}
		return 0, heap.Undef, vm.TypeError("%s expected at most 2 arguments, got %d", fn, len(a.Pos))
	}
	spelling := "argument"
	if withDefault {
		spelling = "argument 1"
	}
	r, err := uniChar(vm, fn, a.Pos[0], spelling)
	if err != nil {
		return 0, heap.Undef, err
	}
	def := heap.Undef
	if len(a.Pos) == 2 {
		def = a.Pos[1]
	}
	return r, def, nil
}

// uniPropFunc is a function of one character returning a property.
func uniPropFunc(fn string, get func(vm *py.VM, p unidata.Props) py.Value) py.BuiltinFn {
	return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		r, _, err := uniArgs(vm, fn, a, false)
		if err != nil {
			return heap.Undef, err
		}
		return get(vm, unidata.Properties(r)), nil
	}
}

// The tables are decoded on the first call that needs them, not at
// import: every module is imported into the base image at start-up.
func initUnicodedata(vm *py.VM, m py.Value) error {
	vm.ModuleSet(m, "unidata_version", vm.NewStr("14.0.0"))
	vm.ModuleFunc(m, "_unicodedata.category", uniPropFunc("category", func(vm *py.VM, p unidata.Props) py.Value { return vm.NewStr(p.Category) }))
	vm.ModuleFunc(m, "_unicodedata.bidirectional", uniPropFunc("bidirectional", func(vm *py.VM, p unidata.Props) py.Value { return vm.NewStr(p.Bidirectional) }))
	vm.ModuleFunc(m, "_unicodedata.east_asian_width", uniPropFunc("east_asian_width", func(vm *py.VM, p unidata.Props) py.Value { return vm.NewStr(p.EastAsianWidth) }))
	vm.ModuleFunc(m, "_unicodedata.combining", uniPropFunc("combining", func(vm *py.VM, p unidata.Props) py.Value { return heap.Int(int64(p.Combining)) }))
	vm.ModuleFunc(m, "_unicodedata.mirrored", uniPropFunc("mirrored", func(vm *py.VM, p unidata.Props) py.Value {
		if p.Mirrored {
			return heap.Int(1)
		}
		return heap.Int(0)
	}))
	vm.ModuleFunc(m, "_unicodedata.name", uniName)
	vm.ModuleFunc(m, "_unicodedata.lookup", uniLookup)
	vm.ModuleFunc(m, "_unicodedata.decimal", uniNumeric("decimal", "not a decimal", func(vm *py.VM, n unidata.Numeric) (py.Value, bool) {
		return heap.Int(int64(n.Decimal)), n.HasDecimal
	}))
	vm.ModuleFunc(m, "_unicodedata.digit", uniNumeric("digit", "not a digit", func(vm *py.VM, n unidata.Numeric) (py.Value, bool) {
		return heap.Int(int64(n.Digit)), n.HasDigit
	}))
	vm.ModuleFunc(m, "_unicodedata.numeric", uniNumeric("numeric", "not a numeric character", func(vm *py.VM, n unidata.Numeric) (py.Value, bool) {
		return heap.Float(n.Value), n.HasNum
	}))
	return nil
}

func uniName(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	r, def, err := uniArgs(vm, "name", a, true)
	if err != nil {
		return heap.Undef, err
	}
	if name, ok := unidata.Name(r); ok {
		return vm.NewStr(name), nil
	}
	if def.K != heap.KUndef {
		return def, nil
	}
	return heap.Undef, vm.ValueError("no such name")
}

func uniLookup(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	if err := unidata.Err(); err != nil {
		return heap.Undef, vm.Errorf(py.TSystemError, "unicodedata tables: %v", err)
	}
	if len(a.Pos) != 1 || len(a.KwNames) > 0 {
		return heap.Undef, vm.TypeError("lookup() takes exactly one argument (%d given)", len(a.Pos)+len(a.KwNames))
	}
	var name string
	if s, ok := vm.StrOf(a.Pos[0]); ok {
		name = s
	} else if b, ok := vm.BufferBytes(a.Pos[0]); ok {
		name = string(b)
	} else {
		return heap.Undef, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(a.Pos[0]))
	}
	if len(name) > unicodeNameMax {
		return heap.Undef, vm.ErrorArgs(py.TKeyError, vm.NewStr("name too long"))
	}
	r, ok := unidata.Lookup(name)
	if !ok {
		return heap.Undef, vm.ErrorArgs(py.TKeyError, vm.NewStr("undefined character name '"+name+"'"))
	}
	return vm.NewStr(string(r)), nil
}

// uniNumeric is decimal, digit or numeric: the value get reads, or the
// default, or ValueError(msg).
func uniNumeric(fn, msg string, get func(vm *py.VM, n unidata.Numeric) (py.Value, bool)) py.BuiltinFn {
	return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		r, def, err := uniArgs(vm, fn, a, true)
		if err != nil {
			return heap.Undef, err
		}
		if v, ok := get(vm, unidata.NumericOf(r)); ok {
			return v, nil
		}
		if def.K != heap.KUndef {
			return def, nil
		}
		return heap.Undef, vm.ValueError("%s", msg)
	}
}
