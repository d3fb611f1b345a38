package vm

// The module base: the standard library, pre-built once per process.
//
// Importing a module used to run its body in the session, so every
// session carried (and dumped) its own copy of each module it imported.
// Instead, the per-process template VM (see New) imports every registered
// module once, in name order, into a registry that is not sys.modules,
// and then seals its heap: those objects are part of the template's
// pages, and so of the base image that dumps refer to instead of storing.
// Every process of a build builds the same template (module bodies are
// deterministic and see no host input: no clock, no host functions, no
// mounts), so the base image ID does not depend on which modules a
// session used or in which order.
//
// In a session, `import X` of a registry module runs nothing: it puts the
// pre-built object into sys.modules and then binds, in the same order,
// the modules X's body imported when it ran in the template (so
// sys.modules ends up as the body would have left it). Binding first
// privatizes everything reachable from X: each mutable object gets a copy
// of its own at the same handle (heap.Privatize), because the template's
// objects are shared by every session of the process and must never
// change. Privatizing copies objects but changes no bytes, so a page of
// untouched copies still encodes as its base page and the dump still
// refers to it; a session that changes a module (an attribute, a cache,
// random's state) dirties only the pages it changed.
//
// A module is bound from the registry once per session. Importing it
// again after `del sys.modules[X]` runs its body afresh, as CPython does,
// and so does importing a module whose recorded imports would no longer
// resolve to the registry's objects (the session replaced one in
// sys.modules). Modules outside the registry (mounted .py files, modules
// whose import failed in the template) keep the old path.
//
// A module body that changes another module's objects would leak that
// change into every session binding the other module, even one that never
// imports the first. VerifyModuleBase (on in the vm tests) finds such
// changes while the template is built; the two there are harmless: re's
// compile cache (fractions and shlex compile patterns at import) and
// numbers' private registry of virtual subclasses (fractions registers
// Fraction, which only a program that imported fractions can reach).
//
// sys is shared like the rest: sys.modules refers to the session's own
// dict (its handle is the same in every VM), and argv, the one value that
// depends on the session, is rebuilt when the session's script name is
// not the template's.
//
// Loading: a dump made on this base gets the template's objects for its
// base pages (the loader neither decodes nor checks them), and then
// privatizes every base object that the session can reach from its roots
// or from the pages it decoded, so a hostile dump cannot make a session
// change the shared objects. The loader also refuses a decoded page below
// the floor that drops, retypes or alters an immutable base object, since
// the shared objects refer to those unchecked.
//
// Cost: building the registry (compiling, on all CPUs, and running every
// module body) happens at build time (go generate, see baseimage.go); a
// process decodes the result at its first New or Load (TemplateBuildTime,
// BenchmarkTemplateFromImage), and builds it only when the embedded image
// is not this build's.

import (
	"crypto/sha256"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// templateFilename is the script name the template builds sys.argv from:
// the core layer's default, so that most sessions share sys unchanged.
const templateFilename = "main.py"

// moduleBase is the template's registry of pre-built modules, shared
// read-only by every VM cloned from the template or loaded onto its base.
type moduleBase struct {
	tmpl *heap.Heap
	// world is the first handle past the builtin world, whose objects
	// the modules refer to but never change; floor is the template
	// heap's length.
	world, floor heap.Handle
	index        map[string]int
	mods         []baseModule
	// interned are the handles of the template's interned strs.
	interned handleSet
	// hoisted are the handles past the floor of the template's objects
	// that base objects refer to (see heap.Hoist); a dump on the base
	// must keep their types.
	hoisted []heap.Handle
	// private are the template's mutable objects past the floor (the
	// hoisted ones and __main__'s), which New gives each VM a copy of.
	private []heap.Handle
	// sideEffects: see ModuleBaseSideEffects.
	sideEffects map[string][]string
}

type baseModule struct {
	name string
	mod  Value
	// imports are the modules the body imported, in call order.
	imports []string
}

// importRecorder notes, while the template imports, which modules each
// module body imports.
type importRecorder struct {
	running []string
	imports map[string][]string
	// v is set when the build is verified (see VerifyModuleBase).
	v *baseVerifier
}

// recordImport is Import while the template builds the registry.
func (vm *VM) recordImport(name string) (Value, error) {
	r := vm.rec
	_, present := vm.sysModule(name)
	if r.v != nil && !present && len(r.running) > 0 {
		vm.check(r.v, r.running[len(r.running)-1])
	}
	forget := r.note(name)
	r.running = append(r.running, name)
	m, err := vm.importModule(name)
	r.running = r.running[:len(r.running)-1]
	if err != nil {
		forget()
	} else if r.v != nil && !present {
		vm.check(r.v, name)
		r.v.hash[name], r.v.pages[name] = vm.ownHash(name, r.v.world)
		r.v.done = append(r.v.done, name)
	}
	return m, err
}

// note records an import of name by the module body running now, and
// returns a function that forgets it (for an import that failed).
func (r *importRecorder) note(name string) func() {
	if len(r.running) == 0 {
		return func() {}
	}
	top := r.running[len(r.running)-1]
	n := len(r.imports[top])
	r.imports[top] = append(r.imports[top], name)
	return func() { r.imports[top] = r.imports[top][:n] }
}

// baseVerifier finds, while the template imports, which module's import
// changed objects of a module imported earlier: it hashes each module's
// own objects (those it reaches without going through another module)
// whenever an import starts or ends, rehashing only modules with objects
// on pages that were written since.
type baseVerifier struct {
	world heap.Handle
	done  []string
	hash  map[string][32]byte
	pages map[string][]int
	// changedBy[v] lists the modules whose import changed v.
	changedBy map[string][]string
}

// verifyModuleBase makes the template build check that no module body
// changes what an earlier import built (see ModuleBaseSideEffects).
var verifyModuleBase bool

// VerifyModuleBase makes the template, when it is built (at the first New
// or Load of the process), record which module's import changed another
// pre-built module. Tests call it first.
func VerifyModuleBase() { verifyModuleBase = true }

// ModuleBaseSideEffects reports, when VerifyModuleBase was called before
// the template was built, the pre-built modules that another module's
// import changed, by the modules that changed them, leaving out changes
// that importing the module always brings (by its parent package or a
// module it imports itself). A session that binds such a module sees the
// change even if it never imported the module that made it, so each must
// be one no program can tell (a cache, a private registry).
func ModuleBaseSideEffects() map[string][]string {
	return templateVM().base.sideEffects
}

// check attributes to by the changes since the last check.
func (t *VM) check(v *baseVerifier, by string) {
	for _, name := range v.done {
		dirty := false
		for _, p := range v.pages[name] {
			dirty = dirty || t.H.PageDirty(p)
		}
		if !dirty {
			continue
		}
		if h, pages := t.ownHash(name, v.world); h != v.hash[name] {
			v.hash[name], v.pages[name] = h, pages
			v.changedBy[name] = append(v.changedBy[name], by)
		}
	}
	t.H.ClearDirty()
}

// ownHash hashes the encoding of module name's own objects and lists
// their pages.
func (t *VM) ownHash(name string, world heap.Handle) ([32]byte, []int) {
	others := map[heap.Handle]bool{}
	md := t.H.Get(t.Modules).(*heap.Dict)
	var self Value
	for _, e := range md.Entries {
		if e.Key.K == heap.KUndef {
			continue
		}
		if t.MustStr(e.Key) == name {
			self = e.Val
			continue
		}
		if mo, ok := t.H.Get(e.Val).(*heap.Module); ok {
			others[e.Val.H()], others[mo.Dict.H()] = true, true
		}
	}
	enc := t.encoder()
	sum := sha256.New()
	seen := map[heap.Handle]bool{}
	pages := map[int]bool{}
	stack := []Value{self}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v.K != heap.KRef || v.H() < world || seen[v.H()] || others[v.H()] {
			continue
		}
		seen[v.H()] = true
		pages[int(v.H()>>heap.PageShift)] = true
		o := t.H.At(v.H())
		enc.B = enc.B[:0]
		enc.Object(o, v.H())
		sum.Write(enc.B)
		if o != nil {
			o.Refs(func(r Value) { stack = append(stack, r) })
		}
	}
	var list []int
	for p := range pages {
		list = append(list, p)
	}
	return [32]byte(sum.Sum(nil)), list
}

// sideEffects keeps, of v.changedBy, the changes a session that imports
// the changed module would not always get from importing it itself.
func (b *moduleBase) sideEffectsOf(v *baseVerifier) map[string][]string {
	out := map[string][]string{}
	for name, by := range v.changedBy {
		for _, m := range by {
			if !strings.HasPrefix(name, m+".") && !b.importsTransitively(name, m, map[string]bool{}) {
				out[name] = append(out[name], m)
			}
		}
	}
	return out
}

func (b *moduleBase) importsTransitively(from, to string, seen map[string]bool) bool {
	if from == to {
		return true
	}
	if seen[from] {
		return false
	}
	seen[from] = true
	i, ok := b.index[from]
	if !ok {
		return false
	}
	for _, d := range b.mods[i].imports {
		if b.importsTransitively(d, to, seen) {
			return true
		}
	}
	return false
}

type quietHost struct{}

func (quietHost) IsHostFunction(string) bool { return false }
func (quietHost) LookupName(string) bool     { return false }

// buildModuleBase imports every registered module into t and seals t's
// heap as the base of the VMs cloned from it.
func (t *VM) buildModuleBase() {
	bytes, live := t.H.Bytes, int64(t.H.Live())
	// The modules start on a page of their own, apart from the builtin
	// world's objects that sessions change (the builtins and sys.modules
	// dicts), so those pages dump without any module's code.
	t.H.Seal(bytes, live)
	b := &moduleBase{tmpl: t.H, world: heap.Handle(t.H.Len()), index: map[string]int{}}
	md := t.H.Get(t.Modules).(*heap.Dict)
	before := map[string]bool{}
	for _, e := range md.Entries {
		if e.Key.K != heap.KUndef {
			before[t.MustStr(e.Key)] = true
		}
	}
	t.Filename, t.Host, t.Output = templateFilename, quietHost{}, func(string, string) {}
	t.rec = &importRecorder{imports: map[string][]string{}}
	if verifyModuleBase {
		t.rec.v = &baseVerifier{world: b.world, hash: map[string][32]byte{}, pages: map[string][]int{}, changedBy: map[string][]string{}}
		t.H.ClearDirty()
	}
	precompilePython()
	names := ModuleNames()
	for _, name := range names {
		// A module that cannot be imported here is left out; importing
		// it in a session reports why.
		_, _ = t.Import(name)
	}
	for _, name := range names {
		k := t.Intern(name)
		m, ok, _ := md.Get(k, t.StrHash(k), t.StrEq)
		if !ok || before[name] {
			continue
		}
		b.index[name] = len(b.mods)
		b.mods = append(b.mods, baseModule{name: name, mod: m, imports: t.rec.imports[name]})
	}
	if v := t.rec.v; v != nil {
		b.sideEffects = b.sideEffectsOf(v)
	}
	// sys.modules of the template goes back to what a session starts
	// with; the registry keeps the modules alive.
	for _, e := range append([]heap.DictEntry(nil), md.Entries...) {
		if e.Key.K != heap.KUndef && !before[t.MustStr(e.Key)] {
			md.Delete(e.Key, t.StrHash(e.Key), t.StrEq)
		}
	}
	t.Filename, t.Host, t.Output, t.rec = "", nil, nil, nil
	t.frames, t.handled, t.genResult = nil, heap.Undef, heap.Undef
	// The template runs nothing more: drop what only running needs (the
	// sessions' copies of code objects start without instruction caches).
	t.cache, t.codeCache, t.framePool, t.argArena = map[cacheKey]Value{}, map[*compile.Code]Value{}, nil, nil
	for p := 0; p < t.H.Pages(); p++ {
		for _, o := range t.H.PageObjects(p) {
			if co, ok := o.(*heap.CodeObj); ok {
				co.Sites, co.SiteIdx = nil, nil
			}
		}
	}
	// Every ASCII character's str goes below the floor, so that the
	// clones can share one table of them (see VM.asciiStrs).
	for c := range t.asciiStrs {
		t.asciiStr(byte(c))
	}
	for _, name := range [...]string{"__main__", "__builtins__", "builtins", "__name__"} {
		t.Intern(name) // the names MainModule interns, below the floor too
	}
	t.H.Seal(bytes, live)
	b.floor = t.H.Floor()
	// Every session privatizes the builtins and sys.modules dicts at
	// once (see New): past the floor, they share the one page a new
	// session copies anyway, for its own first objects. So does the
	// __main__ module every session makes first, made here once.
	if hs := t.H.Hoist(t.Builtins.H(), t.Modules.H()); hs != nil {
		t.Builtins, t.Modules = heap.Ref(hs[0]), heap.Ref(hs[1])
		b.hoisted = hs
		t.MainModule()
		for hd := b.floor; int(hd) < t.H.Len(); hd++ {
			if o := t.H.At(hd); o != nil && heap.Mutable(o) {
				b.private = append(b.private, hd)
			}
		}
	}
	b.interned = newHandleSet(t.interned, nil)
	t.base = b
}

// RunImports makes every later import of the VM run the module's body,
// as if there were no module base (tests compare the two).
func (vm *VM) RunImports() { vm.base = nil }

// bindBase binds the registry's module name into the session and returns
// it; ok is false when name must be imported by running its body.
func (vm *VM) bindBase(name string) (m Value, ok bool, err error) {
	b := vm.base
	if b == nil {
		return heap.Undef, false, nil
	}
	i, found := b.index[name]
	if !found || !vm.canBind(i, map[int]bool{}) {
		return heap.Undef, false, nil
	}
	return b.mods[i].mod, true, vm.bindModule(i)
}

func (vm *VM) isBound(i int) bool { return i < len(vm.bound) && vm.bound[i] }

// canBind reports whether binding module i (and what its body imported)
// leaves the session as running its body would: none of them was bound
// and then removed or replaced in sys.modules, and the registry's objects
// are still modules.
func (vm *VM) canBind(i int, seen map[int]bool) bool {
	b := vm.base
	if seen[i] {
		return true
	}
	seen[i] = true
	bm := &b.mods[i]
	if vm.isBound(i) || bm.mod.K != heap.KRef || bm.mod.H() >= heap.Handle(vm.H.Len()) {
		return false
	}
	if _, isMod := vm.H.Get(bm.mod).(*heap.Module); !isMod {
		return false
	}
	for _, dep := range bm.imports {
		j, found := b.index[dep]
		if !found {
			return false
		}
		cur, present := vm.sysModule(dep)
		switch {
		case vm.isBound(j):
			if !present || cur != b.mods[j].mod {
				return false
			}
		case present || !vm.canBind(j, seen):
			return false
		}
	}
	return true
}

func (vm *VM) sysModule(name string) (Value, bool) {
	md := vm.H.Get(vm.Modules).(*heap.Dict)
	k := vm.Intern(name)
	m, ok, _ := md.Get(k, vm.StrHash(k), vm.StrEq)
	return m, ok
}

// bindModule puts registry module i into sys.modules, then imports what
// its body imported, as the body would have.
func (vm *VM) bindModule(i int) error {
	bm := &vm.base.mods[i]
	if vm.bound == nil {
		vm.bound = make([]bool, len(vm.base.mods))
	}
	vm.bound[i] = true
	vm.privatize(bm.mod)
	md := vm.H.Get(vm.Modules).(*heap.Dict)
	k := vm.Intern(bm.name)
	md.Append(k, bm.mod, vm.StrHash(k))
	vm.H.Touch(vm.Modules)
	if bm.name == "sys" && vm.Filename != templateFilename {
		vm.ModuleSet(bm.mod, "argv", vm.NewList([]Value{vm.NewStr(vm.Filename)}))
	}
	for _, dep := range bm.imports {
		if _, err := vm.Import(dep); err != nil {
			return err
		}
	}
	return nil
}

// privatize gives the VM its own copy of every base object that sandboxed
// code can reach from seeds (see the comment at the top). Objects already
// visited are skipped: what they reach was visited with them.
func (vm *VM) privatize(seeds ...Value) {
	b := vm.base
	if b == nil {
		return
	}
	if vm.priv == nil {
		vm.priv = make([]uint64, (b.floor+63)/64)
	}
	var stack []heap.Handle
	visit := func(v Value) {
		if v.K != heap.KRef {
			return
		}
		hd := v.H()
		if hd < b.world || hd >= b.floor || vm.priv[hd>>6]&(1<<(hd&63)) != 0 {
			return
		}
		vm.priv[hd>>6] |= 1 << (hd & 63)
		stack = append(stack, hd)
	}
	for _, s := range seeds {
		visit(s)
	}
	grew := 0
	for len(stack) > 0 {
		hd := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if vm.H.IsBaseObject(hd) {
			vm.H.Privatize(hd)
		}
		if o := vm.H.At(hd); o != nil {
			grew += o.Size()
			o.Refs(visit)
		}
	}
	// Charge the session for the module as if it had built it.
	vm.H.Grew(grew)
}

// privatizeLoaded privatizes, in a VM just loaded onto the base, what the
// session can reach: the builtins and sys.modules dicts (which New copies
// too), and every base object that the roots or the decoded objects refer
// to, directly or not. shared(p) says page p holds the template's objects.
func (vm *VM) privatizeLoaded(shared func(p int) bool) {
	for _, v := range []Value{vm.Builtins, vm.Modules} {
		if v.K == heap.KRef && vm.H.IsBaseObject(v.H()) {
			vm.H.Privatize(v.H())
		}
	}
	var seeds []Value
	collect := func(v Value) {
		if v.K == heap.KRef && v.H() < vm.base.floor {
			seeds = append(seeds, v)
		}
	}
	vm.liveRoots(collect)
	for p := 0; p < vm.H.Pages(); p++ {
		if shared(p) {
			continue
		}
		for _, o := range vm.H.PageObjects(p) {
			if o != nil {
				o.Refs(collect)
			}
		}
	}
	vm.privatize(seeds...)
}
