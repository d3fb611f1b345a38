package vm

// The base image, built at build time.
//
// Building the template (the builtin world and the module base, see
// modbase.go) compiles and runs every standard-library module body: some
// 150 ms of CPU that every new process paid before its first session.
// `go generate` builds it once instead (internal/genbaseimage) and writes
// its pages and the little the template keeps beside them to
// baseimage.bin, embedded in the binary; a new process decodes those pages
// (about 10 ms, BenchmarkTemplateFromImage) and has the same template, handle
// for handle, so the base image ID and every dump are the same as if it
// had built it. TestBaseImageCurrent regenerates the file in memory and
// fails while it differs ("run go generate ./core/internal/vm").
//
// The file is trusted build output, but it is checked all the same. A
// fingerprint of what the process would build from (the fresh builtin
// world's encoding, the opcodes, the registered modules, the Python
// modules' sources) decides whether the image is this build's at all:
// when it is not, say a module changed and go generate did not run, the
// process builds the template itself, as before (so does a page that does
// not decode in this build). One checksum over the rest of the file
// (CRC-32C: the image is part of the binary, so this detects corruption,
// not tampering) decides whether it is intact: a corrupt image is a broken
// binary, and the process panics at its first session rather than run on
// it.
//
// Being intact, the image is what the generator wrote, and the generator
// loads what it writes with every check a dump from a store gets (the
// metadata's and each page's SHA-256, every object checked against the
// heap, see heap.Loader.Finish) before it returns it. So a process loads
// the image trusted (heap.Loader.Trust): it still checks every length,
// tag and handle as it decodes, but does not check each object again, nor
// hash each page (the page sums stay in the image: they make the base
// image ID).
//
// The file is not compressed: decompressing it cost a new process more
// (2–4 ms, and 2.7 MB of fresh memory) than the binary's size gains, and
// uncompressed, the template's strs and the base image's pages refer to
// the binary's read-only data instead of copies. (Lambda's deployment zip
// compresses it about as well.)
//
// Format: magic, the fingerprint (32 bytes), the CRC-32C of what follows
// it (4 bytes, little-endian), then the body:
//
//	meta length (uvarint), meta, SHA-256 of meta
//	per page: length (uvarint), the page's encoding
//
// where meta (heap.Encoder's varints and values) holds the sealed heap's
// state, the world roots, the 128 ASCII strs, the module registry
// (name, module, imports), the hoisted and private handles, and each
// page's slot offsets and SHA-256.

//go:generate go run ./internal/genbaseimage

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"runtime/debug"
	"sort"
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// embeddedBaseImage is a string, so its bytes are the binary's read-only
// data: the template's pages and strs refer to them.
//
//go:embed baseimage.bin
var embeddedBaseImage string

// embeddedImageBytes returns the embedded base image's bytes, which must
// never be written.
func embeddedImageBytes() []byte {
	return unsafe.Slice(unsafe.StringData(embeddedBaseImage), len(embeddedBaseImage))
}

const baseImageMagic = "amber base image v3\n"

// imageCRC is the base image's checksum.
var imageCRC = crc32.MakeTable(crc32.Castagnoli)

// errStaleImage: the image was built from other sources than this
// process's (the process builds its template itself).
var errStaleImage = errors.New("the embedded base image is not this build's")

// ErrCorruptBaseImage is the error (and panic) of an embedded base image
// that matches this build but whose bytes do not check out.
var ErrCorruptBaseImage = errors.New("the embedded base image is corrupt")

// pySources records the Python modules' sources, for the fingerprint.
var pySources []pySource

type pySource struct {
	name, file string
	src        []byte // hashed only when a fingerprint is needed: hashing every source at init cost each process ~20M instructions
}

// buildFingerprint hashes what a template built by this process depends
// on, apart from the Go code of the native modules' inits (which the
// staleness test covers): the fresh builtin world's encoding (which names
// the builtins it refers to), the registered modules and the Python
// modules' sources.
func buildFingerprint() [32]byte {
	fp, _ := fingerprintWorld()
	return fp
}

// fingerprintWorld is buildFingerprint, also returning the fresh world it
// encoded (for registerNativeModules).
func fingerprintWorld() ([32]byte, *VM) {
	sum := sha256.New()
	sum.Write([]byte(baseImageMagic))
	w := newWorld()
	enc := w.encoder()
	for p := 0; p < w.H.Pages(); p++ {
		enc.B = enc.B[:0]
		enc.EncodePage(w.H.PageObjects(p), heap.Handle(p<<heap.PageShift))
		sum.Write(enc.B)
	}
	var b []byte
	// The opcodes: the image's code was compiled for these.
	for op := compile.Opcode(0); op < compile.NumOpcodes; op++ {
		name := op.String()
		b = append(binary.AppendUvarint(b, uint64(len(name))), name...)
	}
	for _, n := range ModuleNames() {
		b = append(binary.AppendUvarint(b, uint64(len(n))), n...)
	}
	srcs := append([]pySource(nil), pySources...)
	sort.Slice(srcs, func(i, j int) bool { return srcs[i].name < srcs[j].name })
	for _, s := range srcs {
		b = append(binary.AppendUvarint(b, uint64(len(s.name))), s.name...)
		b = append(binary.AppendUvarint(b, uint64(len(s.file))), s.file...)
		// A CRC of each source, not a SHA-256: hashing them all cost each
		// new process 0.5 ms, and the sum detects a forgotten go
		// generate, not an attack.
		b = binary.AppendUvarint(b, uint64(len(s.src)))
		b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(s.src, imageCRC))
	}
	sum.Write(b)
	return [32]byte(sum.Sum(nil)), w
}

// buildTemplate builds a template from scratch: the builtin world and,
// with base, the module base.
func buildTemplate(base bool) *VM {
	t := newWorld()
	if base {
		t.buildModuleBase()
	}
	// Settles genScanClean for every clone: the scan finds nothing
	// to close in a template that only imported modules.
	t.CloseUnreachableGenerators()
	finishTemplate(t)
	return t
}

// finishTemplate fills the shared objects' caches and seals the dicts.
func finishTemplate(t *VM) {
	t.H.PrepareShared(func(s *heap.Str) { strRuneLen(s) }, func(v Value) { t.StrHash(v) })
	// From here on no dict of the template changes: the builtin
	// types' and the modules' namespaces refuse any write before it
	// happens (sessions write their own copies of them).
	t.H.SealDicts()
}

// imagePages are the pages of the template loaded from the image, which
// getBase uses as the base image instead of encoding them again.
type imagePages struct {
	pages  []heap.PageImage
	hashes [][32]byte
}

// GenerateBaseImage builds a template from scratch and returns the base
// image file for it (what go generate writes to baseimage.bin).
func GenerateBaseImage() ([]byte, error) {
	t := buildTemplate(true)
	if t.base == nil {
		return nil, errors.New("vm: the template has no module base")
	}
	enc := t.encoder()
	var pages []heap.PageImage
	for p := 0; p < t.H.Pages(); p++ {
		enc.B = enc.B[:0]
		enc.EncodePage(t.H.PageObjects(p), heap.Handle(p<<heap.PageShift))
		for _, o := range t.H.PageObjects(p) {
			if _, big := heap.BigSeq(o); big {
				return nil, fmt.Errorf("vm: page %d of the template holds a segmented sequence", p)
			}
		}
		pages = append(pages, heap.PageImage{B: append([]byte(nil), enc.B...), Offs: append([]int(nil), enc.Offs...)})
	}
	if err := enc.Err(); err != nil {
		return nil, fmt.Errorf("vm: encoding the template: %w", err)
	}
	m := &heap.Encoder{}
	st := t.H.Sealed()
	for _, n := range []int64{int64(st.Len), int64(st.Floor), st.Bytes, st.LiveAfterGC, st.BytesAfterGC} {
		m.Varint(n)
	}
	m.Uvarint(uint64(len(st.Free)))
	for _, hd := range st.Free {
		m.Uvarint(uint64(hd))
	}
	m.Uvarint(uint64(len(st.StrSizes)))
	for _, s := range st.StrSizes {
		m.Varint(int64(s))
	}
	w := t.world()
	m.Values([]Value{w.builtins, w.modules, w.emptyTuple, w.buildClassFn})
	m.Values(w.types[:])
	m.Values(t.asciiStrs[:])
	m.Bool(t.genScanClean)
	b := t.base
	m.Uvarint(uint64(b.world))
	m.Uvarint(uint64(len(b.mods)))
	for _, bm := range b.mods {
		m.String(bm.name)
		m.Value(bm.mod)
		m.Strings(bm.imports)
	}
	for _, hs := range [][]heap.Handle{b.hoisted, b.private} {
		m.Uvarint(uint64(len(hs)))
		for _, hd := range hs {
			m.Uvarint(uint64(hd))
		}
	}
	m.Uvarint(uint64(len(pages)))
	for _, pg := range pages {
		m.Uvarint(uint64(len(pg.Offs)))
		prev := 0
		for _, o := range pg.Offs {
			m.Uvarint(uint64(o - prev))
			prev = o
		}
		h := sha256.Sum256(pg.B)
		m.B = append(m.B, h[:]...)
	}
	body := binary.AppendUvarint(nil, uint64(len(m.B)))
	body = append(body, m.B...)
	msum := sha256.Sum256(m.B)
	body = append(body, msum[:]...)
	for _, pg := range pages {
		body = binary.AppendUvarint(body, uint64(len(pg.B)))
		body = append(body, pg.B...)
	}
	fp := buildFingerprint()
	out := append([]byte(baseImageMagic), fp[:]...)
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(body, imageCRC))
	out = append(out, body...)
	// What processes will load trusted, loaded here with every check.
	if _, _, err := templateFromImage(out, true); err != nil {
		return nil, fmt.Errorf("vm: the base image does not load: %w", err)
	}
	return out, nil
}

// templateFromImage decodes a base image file into a template VM. It
// returns errStaleImage when the image is not this build's, an error
// wrapping ErrCorruptBaseImage when it is but does not check out. Once
// the image's sum holds, it loads the image trusted, unless check is set:
// then it checks the metadata's and each page's sum and every object, as
// for a dump from a store (what the generator does).
func templateFromImage(img []byte, check bool) (*VM, *imagePages, error) {
	// Nearly everything allocated from here on is the template, which
	// lives as long as the process: a collection while it is decoded
	// (two or three, as the heap grows from nothing) would only mark it
	// again and again. One runs after, when the heap has grown.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrCorruptBaseImage, fmt.Sprintf(format, args...))
	}
	rest, ok := bytes.CutPrefix(img, []byte(baseImageMagic))
	if !ok || len(rest) < 32 {
		return nil, nil, errStaleImage
	}
	fp, scratch := fingerprintWorld()
	if !bytes.Equal(rest[:32], fp[:]) {
		return nil, nil, errStaleImage
	}
	rest = rest[32:]
	if len(rest) < 4 || crc32.Checksum(rest[4:], imageCRC) != binary.LittleEndian.Uint32(rest) {
		return nil, nil, bad("checksum")
	}
	body := rest[4:]
	mlen, n := binary.Uvarint(body)
	if n <= 0 || mlen > uint64(len(body)-n) || uint64(len(body)-n)-mlen < 32 {
		return nil, nil, bad("meta length")
	}
	meta := body[n : n+int(mlen)]
	if check && sha256.Sum256(meta) != [32]byte(body[n+int(mlen):]) {
		return nil, nil, bad("meta checksum")
	}
	pagesRaw := body[n+int(mlen)+32:]

	// The meta, read with the heap's decoder, bounds-checked all along.
	d := heap.NewDecoder(meta, 1<<31)
	var st heap.SealedState
	st.Len, st.Floor = int(d.Varint()), int(d.Varint())
	st.Bytes, st.LiveAfterGC, st.BytesAfterGC = d.Varint(), d.Varint(), d.Varint()
	if st.Len < 1 || st.Len > maxHeapLen {
		return nil, nil, bad("heap of %d handles", st.Len)
	}
	d = heap.NewDecoder(meta[len(meta)-d.Left():], st.Len)
	for i, nf := 0, d.Count(1); i < nf; i++ {
		st.Free = append(st.Free, heap.Handle(d.Uvarint()))
	}
	for i, ns := 0, d.Count(1); i < ns; i++ {
		st.StrSizes = append(st.StrSizes, int32(d.Varint()))
	}
	roots := d.Values()
	types := d.Values()
	ascii := d.Values()
	genScanClean := d.Bool()
	world := heap.Handle(d.Uvarint())
	mods := make([]baseModule, d.Count(3))
	for i := range mods {
		mods[i] = baseModule{name: d.String(), mod: d.Value(), imports: d.Strings()}
	}
	var hs [2][]heap.Handle
	for k := range hs {
		for i, nh := 0, d.Count(1); i < nh; i++ {
			hs[k] = append(hs[k], heap.Handle(d.Uvarint()))
		}
	}
	np := d.Count(33)
	if d.Err() == nil && np != (st.Len+heap.PageSize-1)>>heap.PageShift {
		return nil, nil, bad("%d pages for %d handles", np, st.Len)
	}
	ip := &imagePages{pages: make([]heap.PageImage, np), hashes: make([][32]byte, np)}
	for p := 0; p < np && d.Err() == nil; p++ {
		offs := make([]int, d.Count(1))
		prev := 0
		for i := range offs {
			prev += int(d.Uvarint())
			offs[i] = prev
		}
		ip.pages[p].Offs = offs
		copy(ip.hashes[p][:], d.Raw(32))
	}
	if err := d.Done(); err != nil {
		return nil, nil, bad("meta: %v", err)
	}
	if len(roots) != 4 || len(types) != int(NumTypes) || len(ascii) != len(asciiTable{}) {
		return nil, nil, bad("roots")
	}
	for p := range ip.pages {
		size, n := binary.Uvarint(pagesRaw)
		if n <= 0 || size > uint64(len(pagesRaw)-n) {
			return nil, nil, bad("page %d length", p)
		}
		pg := &ip.pages[p]
		pg.B = pagesRaw[n : n+int(size) : n+int(size)]
		pagesRaw = pagesRaw[n+int(size):]
		if check && sha256.Sum256(pg.B) != ip.hashes[p] {
			return nil, nil, bad("page %d checksum", p)
		}
		if len(pg.Offs) == 0 || pg.Offs[len(pg.Offs)-1] != len(pg.B) {
			return nil, nil, bad("page %d slot offsets", p)
		}
	}
	if len(pagesRaw) != 0 {
		return nil, nil, bad("%d bytes after the pages", len(pagesRaw))
	}

	// The native modules' builtin functions register as their modules
	// are built; the pages name them, so build those modules (not the
	// Python ones) once in a scratch world.
	registerNativeModules(scratch)
	// The bytes are the generator's (their sums held), so a page this
	// process cannot decode was made by another build: a builtin renamed
	// in Go code, say, which the fingerprint does not see. Such an image
	// is stale, not corrupt.
	stale := func(err error) error { return fmt.Errorf("%w: %v", errStaleImage, err) }
	l, err := heap.NewLoader(st.Len, registeredNames{}, len(body))
	if err != nil {
		return nil, nil, bad("%v", err)
	}
	l.NumBuiltinTypes = int32(NumTypes)
	if !check {
		// The image's sum held: it is what the generator wrote and
		// checked. Its bytes are never written.
		l.Trust()
	}
	for p := range ip.pages {
		if err := l.Page(p, ip.pages[p].B); err != nil {
			return nil, nil, stale(err)
		}
	}
	if err := l.Finish(); err != nil {
		return nil, nil, stale(err)
	}
	objs := l.Objects()
	t := &VM{
		H:         heap.New(),
		interned:  make(map[string]Value, len(l.Interned)),
		cache:     map[cacheKey]Value{},
		codeCache: map[*compile.Code]Value{},
		asciiStrs: new([128]Value),
		Types:     new([NumTypes]Value),
	}
	t.Limits.MaxRecursion = 1000
	t.epoch = 1
	for _, hd := range l.Interned {
		s := objs[hd].(*heap.Str)
		if _, dup := t.interned[s.S]; dup {
			return nil, nil, bad("str %q interned twice", s.S)
		}
		t.interned[s.S] = heap.Ref(hd)
	}
	is := func(v Value, ok func(heap.Object) bool) bool {
		return v.K == heap.KRef && int(v.N) < len(objs) && objs[v.N] != nil && ok(objs[v.N])
	}
	isDict := func(o heap.Object) bool { _, ok := o.(*heap.Dict); return ok }
	isClass := func(o heap.Object) bool { _, ok := o.(*heap.Class); return ok }
	isModule := func(o heap.Object) bool { _, ok := o.(*heap.Module); return ok }
	if !is(roots[0], isDict) || !is(roots[1], isDict) || !is(roots[2], func(o heap.Object) bool { tu, ok := o.(*heap.Tuple); return ok && len(tu.Items) == 0 }) {
		return nil, nil, bad("builtins, modules or empty tuple")
	}
	t.Builtins, t.Modules, t.emptyTuple, t.buildClassFn = roots[0], roots[1], roots[2], roots[3]
	for i, v := range types {
		if !is(v, isClass) {
			return nil, nil, bad("builtin type %d is no class", i)
		}
		t.Types[i] = v
	}
	for c, v := range ascii {
		if !is(v, func(o heap.Object) bool { s, ok := o.(*heap.Str); return ok && s.S == string(rune(c)) }) {
			return nil, nil, bad("the str of ASCII %d", c)
		}
		t.asciiStrs[c] = v
	}
	t.genScanClean = genScanClean
	b := &moduleBase{world: world, index: map[string]int{}, mods: mods, hoisted: hs[0], private: hs[1]}
	for i, bm := range mods {
		if !is(bm.mod, isModule) {
			return nil, nil, bad("module %s is no module", bm.name)
		}
		b.index[bm.name] = i
	}
	for _, hd := range append(append([]heap.Handle(nil), hs[0]...), hs[1]...) {
		if int(hd) < st.Floor || int(hd) >= st.Len || objs[hd] == nil {
			return nil, nil, bad("hoisted or private handle %d", hd)
		}
	}
	if int(world) > st.Floor {
		return nil, nil, bad("world past the floor")
	}
	if err := t.H.RestoreSealed(objs, st); err != nil {
		return nil, nil, bad("%v", err)
	}
	b.tmpl, b.floor = t.H, t.H.Floor()
	b.interned = newHandleSet(t.interned, nil)
	t.base = b
	finishTemplate(t)
	return t, ip, nil
}

// asciiTable is the type of VM.asciiStrs' table.
type asciiTable = [128]Value

// registeredNames resolves builtins among those registered, without
// registerAllModules (which needs the template being built).
type registeredNames struct{}

func (registeredNames) BuiltinName(id int32) (string, bool) { return builtinName(id) }

func (registeredNames) BuiltinID(name string) (int32, bool) {
	builtinReg.mu.RLock()
	defer builtinReg.mu.RUnlock()
	id, ok := builtinReg.byName[name]
	return id, ok
}

// registerNativeModules builds every module written in Go in scratch, a
// fresh world, which registers their builtin functions in this process.
func registerNativeModules(scratch *VM) {
	py := map[string]bool{}
	for _, s := range pySources {
		py[s.name] = true
	}
	scratch.Host, scratch.Output = quietHost{}, func(string, string) {}
	// The Python modules are in sys.modules already, empty: an init that
	// imports one for a value (sys's version_info) gets an AttributeError
	// and its fallback instead of compiling and running the module, which
	// registers nothing.
	md := scratch.H.Get(scratch.Modules).(*heap.Dict)
	for _, s := range pySources {
		k := scratch.Intern(s.name)
		md.Append(k, scratch.NewModule(s.name), scratch.StrHash(k))
	}
	for _, n := range ModuleNames() {
		if py[n] {
			continue
		}
		m := scratch.NewModule(n)
		_ = moduleInits[n](scratch, m) // a failing init registers what it got to
	}
}
