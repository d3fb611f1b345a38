package vm

// compile(): source text to a code object that exec and eval run.
//
// The code is compiled as exec and eval compile source text, with its
// names looked up in the frame's locals mapping first, so one code
// object runs alike with or without separate locals. Mode "single"
// shows the value of each expression statement (outside function and
// class bodies) through sys.displayhook, as the interactive prompt does.

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/syntax"
)

func init() {
	RegisterBuiltinFunc("compile", builtinCompile)
}

func builtinCompile(vm *VM, _ Value, a Args) (Value, error) {
	var source, filename, mode, flags, dontInherit, optimize, feature Value
	if err := vm.UnpackArgs("compile", a, []string{"source", "filename", "mode", "flags", "dont_inherit", "optimize", "_feature_version"}, 3,
		&source, &filename, &mode, &flags, &dontInherit, &optimize, &feature); err != nil {
		return heap.Undef, err
	}
	src, ok := vm.strOrBytes(source)
	if !ok {
		b, isBuf, err := vm.bufferOf(source)
		if err != nil {
			return heap.Undef, err
		}
		if !isBuf {
			return heap.Undef, vm.TypeError("compile() arg 1 must be a string, bytes or AST object")
		}
		src = string(b)
	}
	name, ok := vm.strOrBytes(filename)
	if !ok {
		return heap.Undef, vm.TypeError("expected str, bytes or os.PathLike object, not %s", vm.TypeName(filename))
	}
	m, ok := vm.StrOf(mode)
	if !ok {
		return heap.Undef, vm.TypeError("compile() argument 'mode' must be str, not %s", argTypeName(vm, mode))
	}
	if m != "exec" && m != "eval" && m != "single" {
		return heap.Undef, vm.ValueError("compile() mode must be 'exec', 'eval' or 'single'")
	}
	if flags.K != heap.KUndef && !vm.IsInt(flags) {
		return heap.Undef, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(flags))
	}
	if n, ok := vm.IndexOf(flags); ok && n&0x400 != 0 {
		return heap.Undef, vm.ValueError("compile(): syntax trees (ast.PyCF_ONLY_AST) are not supported")
	}
	if m == "eval" {
		src = trimIndent(src)
	}
	// Tokens and syntax trees take many times the source's size.
	if err := vm.reserveMul(CompileBytesPerSourceByte, int64(len(src))); err != nil {
		return heap.Undef, err
	}
	mod, err := syntax.Parse(name, []byte(src))
	if err != nil {
		return heap.Undef, vm.syntaxErr(err)
	}
	switch m {
	case "eval":
		if len(mod.Body) != 1 {
			return heap.Undef, vm.Errorf(TSyntaxError, "invalid syntax")
		}
		if _, ok := mod.Body[0].(*syntax.ExprStmt); !ok {
			return heap.Undef, vm.Errorf(TSyntaxError, "invalid syntax")
		}
	case "single":
		if len(mod.Body) > 1 {
			return heap.Undef, vm.Errorf(TSyntaxError, "multiple statements found while compiling a single statement")
		}
		displayValues(mod.Body)
	}
	code, err := compile.Compile(mod, name, []byte(src), compile.Options{ReturnLastExpr: m == "eval", NameLocals: true})
	if err != nil {
		return heap.Undef, vm.syntaxErr(err)
	}
	return vm.LoadCode(code), nil
}

// trimIndent drops the leading blanks eval ignores.
func trimIndent(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[i:]
}

// displayValues rewrites each expression statement of stmts, and of the
// blocks nested in them (not function or class bodies), e into
// __import__('sys').displayhook(e).
func displayValues(stmts []syntax.Stmt) {
	for _, s := range stmts {
		if e, ok := s.(*syntax.ExprStmt); ok {
			sp := e.Value.GetSpan()
			imp := &syntax.Call{Span: sp, Func: &syntax.Name{Span: sp, Id: "__import__", Ctx: syntax.Load},
				Args: []syntax.Expr{&syntax.Constant{Span: sp, Value: "sys"}}}
			hook := &syntax.Attribute{Span: sp, Value: imp, Attr: "displayhook", Ctx: syntax.Load}
			e.Value = &syntax.Call{Span: sp, Func: hook, Args: []syntax.Expr{e.Value}}
			continue
		}
		syntax.Parts{Block: displayValues}.Walk(s)
	}
}

// runCode is exec and eval of a code object compile() made: a module's
// code, run with globals and locals (the same mapping when locals is
// globals).
func (vm *VM) runCode(mode string, cv Value, co *heap.CodeObj, globals, locals Value) (Value, error) {
	code := co.Code
	if n := len(code.Freevars); n > 0 {
		return heap.Undef, vm.TypeError("code object requires a closure of exactly length %d", n)
	}
	if code.Name != "<module>" {
		// A function's code runs only in a call, which sets up its
		// arguments, cells and generator.
		return heap.Undef, vm.TypeError("%s() runs only code objects of compile() or modules, not of functions", mode)
	}
	f := &heap.Frame{Code: cv, C: co, Func: heap.Undef, Globals: globals, Locals: locals, Gen: heap.Undef, Ret: heap.RetNested}
	f.Slots = make([]Value, len(code.Varnames)+code.NumCells()+code.StackSize+4)
	f.SP = int32(len(code.Varnames) + code.NumCells())
	r, err := vm.runFrameNested(f)
	if err != nil {
		return heap.Undef, err
	}
	if mode == "exec" || r.K == heap.KUndef {
		return heap.None, nil
	}
	return r, nil
}

// sysDisplayhook is sys.displayhook(value): the interactive prompt's echo.
// A value other than None is printed (its repr, to sys.stdout) and kept
// as builtins._.
func sysDisplayhook(vm *VM, _ Value, a Args) (Value, error) {
	var v Value
	if err := vm.UnpackArgs("displayhook", a, nil, 1, &v); err != nil {
		return heap.Undef, err
	}
	if v.K == heap.KNone {
		return heap.None, nil
	}
	r, err := vm.Repr(v)
	if err != nil {
		return heap.Undef, err
	}
	if err := vm.dictSetStr(vm.Builtins, vm.Intern("_"), v); err != nil {
		return heap.Undef, err
	}
	return builtinPrint(vm, heap.Undef, Args{Pos: []Value{vm.NewStr(r)}})
}
