package vm

import (
	"fmt"
	"sync"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/stdlib/lib"
	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// The modules written in Python are .py files embedded by package lib.
// Each runs in the sandbox itself, so it pauses and persists like user
// code. A module's source is parsed and compiled once per process, on
// first import; every VM that imports it afterwards only loads the shared
// code into its heap and runs the module body.
func init() {
	for _, m := range lib.Modules() {
		registerPython(m.Name, m.File, m.Src)
	}
}

// RegisterPythonModule makes a module importable whose body is src.
func RegisterPythonModule(name, src string) {
	registerPython(name, name+".py", []byte(src))
}

// pyModule is a module's code, compiled on first use.
type pyModule struct {
	once sync.Once
	code *compile.Code
	err  error
}

func (p *pyModule) compile(name, file string, src []byte) (*compile.Code, error) {
	p.once.Do(func() {
		mod, err := syntax.Parse(file, src)
		if err != nil {
			p.err = fmt.Errorf("module %s: %v", name, err)
			return
		}
		p.code, err = compile.Compile(mod, file, src, compile.Options{})
		if err != nil {
			p.err = fmt.Errorf("module %s: %v", name, err)
		}
	})
	return p.code, p.err
}

func registerPython(name, file string, src []byte) {
	p := &pyModule{}
	RegisterModule(name, func(vm *VM, m Value) error {
		code, err := p.compile(name, file, src)
		if err != nil {
			return vm.Errorf(TSystemError, "%v", err)
		}
		return vm.runModuleCode(code, m)
	})
}

// runModuleCode runs a module body in m's namespace, nested in the
// current run.
func (vm *VM) runModuleCode(code *compile.Code, m Value) error {
	cv := vm.LoadCode(code)
	co := vm.H.Get(cv).(*heap.CodeObj)
	f := &heap.Frame{Code: cv, C: co, Func: heap.Undef, Globals: vm.ModuleDict(m), Locals: heap.Undef, Gen: heap.Undef, Ret: heap.RetNested}
	f.Slots = make([]Value, len(code.Varnames)+code.NumCells()+code.StackSize+4)
	f.SP = int32(len(code.Varnames) + code.NumCells())
	depth := len(vm.frames)
	if err := vm.pushFrame(f); err != nil {
		return err
	}
	vm.nested++
	_, err := vm.run(depth)
	vm.nested--
	return err
}
