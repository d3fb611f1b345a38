package vm_test

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// benchSession builds a session whose heap holds a list of n strings.
func benchSession(b *testing.B, n int) *snapSession {
	s := newSnapSession(b)
	s.run("big = ['item-%07d' % i for i in range(" + itoa(n) + ")]\n")
	return s
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// BenchmarkDumpAfterOneChange: a ~100 MB heap (a million strings), one
// element changed, an incremental dump. Reports the bytes encoded.
func BenchmarkDumpAfterOneChange(b *testing.B) {
	s := benchSession(b, 1_000_000)
	prev, _, err := s.m.DumpPages(vm.KindSession, nil)
	if err != nil {
		b.Fatal(err)
	}
	codes := []*compile.Code{snapCompile(b, "big[500000] = 'one'\n"), snapCompile(b, "big[500000] = 'two'\n")}
	b.ResetTimer()
	var encoded, dirty, pages int
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if err := s.m.StartModule(codes[i%2], s.m.ModuleDict(s.m.MainModule())); err != nil {
			b.Fatal(err)
		}
		if _, err := s.m.Resume(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		m, ps, err := s.m.DumpPages(vm.KindSession, prev)
		if err != nil {
			b.Fatal(err)
		}
		prev = m
		encoded, dirty, pages = 0, 0, len(ps)
		for _, p := range ps {
			if p.Data != nil && !p.Base {
				encoded += len(p.Data)
			}
			if p.Dirty {
				dirty++
			}
		}
	}
	b.ReportMetric(float64(encoded), "bytes-encoded")
	b.ReportMetric(float64(dirty), "dirty-pages")
	b.ReportMetric(float64(pages), "pages")
	b.ReportMetric(float64(s.m.H.Bytes)/1e6, "heapMB")
}

// BenchmarkDumpIdle / BenchmarkLoadIdle: a fresh idle session.
func BenchmarkDumpIdle(b *testing.B) {
	s := newSnapSession(b)
	n := benchDump(b, s, vm.KindSession)
	b.ReportMetric(float64(n), "bytes")
}

func BenchmarkLoadIdle(b *testing.B) {
	d := newSnapSession(b).dump(vm.KindSession)
	benchLoad(b, d)
	// After the timed loop: ResetTimer drops metrics reported before it.
	b.ReportMetric(float64(len(d)), "bytes")
}

// BenchmarkDumpSuspended: paused at a host call.
func BenchmarkDumpSuspended(b *testing.B) {
	s := newSnapSession(b)
	s.start("def f(x):\n    return tool(x)\ny = f(1)\n")
	n := benchDump(b, s, vm.KindSnapshot)
	b.ReportMetric(float64(n), "bytes")
}

// BenchmarkDump10MB / BenchmarkLoad10MB: throughput on a ~10 MB heap,
// in bytes of heap (H.Bytes) per second.
func BenchmarkDump10MB(b *testing.B) {
	s := benchSession(b, 200_000)
	b.SetBytes(s.m.H.Bytes)
	n := benchDump(b, s, vm.KindSession)
	b.ReportMetric(float64(n)/1e6, "dumpMB")
}

func BenchmarkLoad10MB(b *testing.B) {
	s := benchSession(b, 200_000)
	d := s.dump(vm.KindSession)
	b.SetBytes(s.m.H.Bytes)
	benchLoad(b, d)
	b.ReportMetric(float64(len(d))/1e6, "dumpMB")
}

// benchDump times dumps of s and returns the size of one.
func benchDump(b *testing.B, s *snapSession, kind vm.DumpKind) int {
	b.ResetTimer()
	var n int
	for i := 0; i < b.N; i++ {
		d, err := s.m.Dump(kind)
		if err != nil {
			b.Fatal(err)
		}
		n = len(d)
	}
	return n
}

// benchLoad times loads of the dump d.
func benchLoad(b *testing.B, d []byte) {
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := vm.Load(d); err != nil {
			b.Fatal(err)
		}
	}
}
