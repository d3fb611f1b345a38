package vm

import (
	"embed"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// Modules written in Python run in the sandbox itself, so they pause and
// persist like user code. A module's source is parsed and compiled once
// per process, on first import; every VM that imports it afterwards only
// loads the shared code into its heap and runs the module body.
//
// The interpreter's own helpers are here, in runtime/*.py: _amber (the
// resumable builtins: sorted with a key, map, min/max, ...), _amber_union
// (X | Y of types) and _amber_excstar (except*). The standard library's
// Python modules are registered by package stdlib.

//go:embed runtime/*.py
var runtimeFiles embed.FS

func init() {
	entries, err := runtimeFiles.ReadDir("runtime")
	if err != nil {
		panic(err)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	for _, e := range entries {
		src, err := runtimeFiles.ReadFile("runtime/" + e.Name())
		if err != nil {
			panic(err)
		}
		RegisterPythonModule(strings.TrimSuffix(e.Name(), ".py"), e.Name(), src)
	}
}

// RuntimeSources returns the interpreter's own Python modules by file name.
func RuntimeSources() map[string][]byte {
	out := map[string][]byte{}
	entries, _ := runtimeFiles.ReadDir("runtime")
	for _, e := range entries {
		out[e.Name()], _ = runtimeFiles.ReadFile("runtime/" + e.Name())
	}
	return out
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

// RegisterPythonModule makes a module importable whose body is the
// Python source src; file is the name its tracebacks show.
func RegisterPythonModule(name, file string, src []byte) {
	p := &pyModule{}
	pySources = append(pySources, pySource{name, file, src})
	pyModules = append(pyModules, func() { _, _ = p.compile(name, file, src) })
	RegisterModule(name, func(vm *VM, m Value) error {
		code, err := p.compile(name, file, src)
		if err != nil {
			return vm.Errorf(TSystemError, "%v", err)
		}
		return vm.runModuleCode(code, m)
	})
}

// pyModules compile the registered Python modules (each at most once).
var pyModules []func()

// precompilePython compiles every registered Python module, on all CPUs:
// the template imports them all, and compiling is most of that cost.
func precompilePython() {
	work := make(chan func())
	var wg sync.WaitGroup
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for compile := range work {
				compile()
			}
		}()
	}
	for _, c := range pyModules {
		work <- c
	}
	close(work)
	wg.Wait()
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
	vm.safeAllocs = 0 // Python code may drop what the operation holds (see openSafe)
	_, err := vm.run(depth)
	vm.nested--
	return err
}
