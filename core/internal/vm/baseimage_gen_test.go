package vm

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"reflect"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// TestBaseImageCurrent regenerates the embedded base image in memory: it
// must equal baseimage.bin byte for byte (generation is deterministic, and
// the file is this build's).
func TestBaseImageCurrent(t *testing.T) {
	img, err := GenerateBaseImage()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(img, embeddedImageBytes()) {
		t.Fatalf("baseimage.bin is stale (%d bytes, a fresh build gives %d): run go generate ./core/internal/vm", len(embeddedBaseImage), len(img))
	}
}

// TestBaseImageLoadsAsBuilt checks that the template decoded from the
// embedded image is the one this process built from scratch (the vm
// tests build it, to verify the module base): the same pages byte for
// byte, hence the same base image ID, and the same roots and registry.
func TestBaseImageLoadsAsBuilt(t *testing.T) {
	built := templateVM()
	if template.image != nil {
		t.Fatal("the vm tests' template came from the image; want it built")
	}
	got, pages, err := templateFromImage(embeddedImageBytes(), false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := getBase()
	if err != nil {
		t.Fatal(err)
	}
	if len(pages.pages) != len(b.pages) || got.H.Len() != built.H.Len() || got.H.Floor() != built.H.Floor() {
		t.Fatalf("image: %d pages, %d handles, floor %d; built: %d pages, %d handles, floor %d",
			len(pages.pages), got.H.Len(), got.H.Floor(), len(b.pages), built.H.Len(), built.H.Floor())
	}
	enc := got.encoder()
	for p := range b.pages {
		enc.B = enc.B[:0]
		enc.EncodePage(got.H.PageObjects(p), heap.Handle(p<<heap.PageShift))
		if !bytes.Equal(enc.B, b.pages[p].B) || !bytes.Equal(pages.pages[p].B, b.pages[p].B) {
			t.Fatalf("page %d differs from the built template's", p)
		}
		if !reflect.DeepEqual(pages.pages[p].Offs, b.pages[p].Offs) {
			t.Fatalf("page %d: slot offsets differ", p)
		}
	}
	if got.world() != built.world() || *got.asciiStrs != *built.asciiStrs || got.genScanClean != built.genScanClean {
		t.Fatal("world roots, ASCII strs or genScanClean differ")
	}
	if !reflect.DeepEqual(got.H.Sealed(), built.H.Sealed()) {
		t.Fatalf("sealed heap state: image %+v, built %+v", got.H.Sealed(), built.H.Sealed())
	}
	if !reflect.DeepEqual(got.interned, built.interned) {
		t.Fatal("interned strs differ")
	}
	gb, bb := got.base, built.base
	if gb.world != bb.world || gb.floor != bb.floor || !reflect.DeepEqual(gb.index, bb.index) ||
		!reflect.DeepEqual(gb.mods, bb.mods) || !reflect.DeepEqual(gb.hoisted, bb.hoisted) || !reflect.DeepEqual(gb.private, bb.private) {
		t.Fatal("module registry differs")
	}
}

// TestBaseImageCorrupt: an image whose fingerprint is another build's is
// stale (the process builds its template); one that is this build's but
// altered anywhere else is corrupt, never loaded.
func TestBaseImageCorrupt(t *testing.T) {
	if _, _, err := templateFromImage([]byte("stale"), false); !errors.Is(err, errStaleImage) {
		t.Fatalf("no magic: %v", err)
	}
	fp := len(baseImageMagic)
	img := append([]byte(nil), embeddedBaseImage...)
	img[fp] ^= 1
	if _, _, err := templateFromImage(img, false); !errors.Is(err, errStaleImage) {
		t.Fatalf("other fingerprint: %v", err)
	}
	for _, at := range []int{fp + 32, fp + 40, len(img) / 2, len(img) - 5, len(img) - 1} {
		img := append([]byte(nil), embeddedBaseImage...)
		img[at] ^= 0x40
		if _, _, err := templateFromImage(img, false); !errors.Is(err, ErrCorruptBaseImage) {
			t.Errorf("byte %d flipped: %v, want ErrCorruptBaseImage", at, err)
		}
	}
	if _, _, err := templateFromImage(embeddedImageBytes()[:len(embeddedBaseImage)-100], false); !errors.Is(err, ErrCorruptBaseImage) {
		t.Errorf("truncated: %v", err)
	}
}

// BenchmarkTemplateFromImage is the once-per-process cost of decoding
// the embedded base image into the template (compare
// BenchmarkModuleBaseTemplateBuild in package core, run with a stale
// image, for building it).
func BenchmarkTemplateFromImage(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, _, err := templateFromImage(embeddedImageBytes(), false); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBaseImageOtherBuild: an intact image (every sum holds) whose pages
// name a builtin this build does not have, as after a rename in Go code
// that the fingerprint cannot see, is stale: the process builds its
// template rather than fail.
func TestBaseImageOtherBuild(t *testing.T) {
	img := append([]byte(nil), embeddedBaseImage...)
	body := img[len(baseImageMagic)+32+4:]
	mlen, k := binary.Uvarint(body)
	meta := body[k : k+int(mlen)]
	pages := body[k+int(mlen)+32:]
	// Rename math.floor in the page that holds it, and fix its sum.
	at := bytes.Index(pages, []byte("math.floor"))
	if at < 0 {
		t.Fatal("no page names math.floor")
	}
	found := false
	for off := 0; off < len(pages) && !found; {
		size, w := binary.Uvarint(pages[off:])
		pg := pages[off+w : off+w+int(size)]
		if at >= off+w && at < off+w+int(size) {
			old := sha256.Sum256(pg)
			copy(pages[at:], "math.flooX")
			nw := sha256.Sum256(pg)
			i := bytes.Index(meta, old[:])
			if i < 0 {
				t.Fatal("the page's sum is not in the meta")
			}
			copy(meta[i:], nw[:])
			found = true
		}
		off += w + int(size)
	}
	msum := sha256.Sum256(meta)
	copy(body[k+int(mlen):], msum[:])
	binary.LittleEndian.PutUint32(img[len(baseImageMagic)+32:], crc32.Checksum(body, imageCRC))
	for _, check := range []bool{false, true} {
		if _, _, err := templateFromImage(img, check); !errors.Is(err, errStaleImage) {
			t.Fatalf("an image naming an unknown builtin (checked: %v): %v, want errStaleImage", check, err)
		}
	}
}

// TestBaseImageTrusted: the template a process loads trusted from the
// embedded image (whose sum holds) is the one a load with every check of
// a dump from a store gives, page for page.
func TestBaseImageTrusted(t *testing.T) {
	trusted, _, err := templateFromImage(embeddedImageBytes(), false)
	if err != nil {
		t.Fatal(err)
	}
	checked, _, err := templateFromImage(embeddedImageBytes(), true)
	if err != nil {
		t.Fatal(err)
	}
	if trusted.H.Pages() != checked.H.Pages() {
		t.Fatalf("%d pages trusted, %d checked", trusted.H.Pages(), checked.H.Pages())
	}
	te, ce := trusted.encoder(), checked.encoder()
	for p := 0; p < trusted.H.Pages(); p++ {
		te.B, ce.B = te.B[:0], ce.B[:0]
		te.EncodePage(trusted.H.PageObjects(p), heap.Handle(p<<heap.PageShift))
		ce.EncodePage(checked.H.PageObjects(p), heap.Handle(p<<heap.PageShift))
		if !bytes.Equal(te.B, ce.B) {
			t.Fatalf("page %d differs", p)
		}
		for i, o := range trusted.H.PageObjects(p) {
			if co, ok := o.(*heap.CodeObj); ok && !reflect.DeepEqual(co.Code, checked.H.PageObjects(p)[i].(*heap.CodeObj).Code) {
				t.Fatalf("page %d: code %s differs", p, co.Code.QualName)
			}
		}
	}
}
