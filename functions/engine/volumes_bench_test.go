package engine

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// volumeWrites counts what steps write: chunk puts and their stored
// bytes, volume head writes and session head writes with their sizes.
type volumeWrites struct {
	meta.Store
	meta.VolumeStore
	chunkPuts, chunkBytes   atomic.Int64
	volumeHeads, headBytes  atomic.Int64
	sessionHeads, sessBytes atomic.Int64
}

func (w *volumeWrites) CommitVolume(ctx context.Context, v *meta.Volume, expect int64) error {
	w.volumeHeads.Add(1)
	w.headBytes.Add(int64(len(v.Project) + len(v.Name) + len(v.Root) + len(v.Extra) + 100)) // + attribute names and numbers
	return w.VolumeStore.CommitVolume(ctx, v, expect)
}

func (w *volumeWrites) CommitSession(ctx context.Context, s *meta.Session, expect int64) error {
	w.sessionHeads.Add(1)
	w.sessBytes.Add(int64(headSize(s)))
	return w.Store.CommitSession(ctx, s, expect)
}

type countedChunks struct {
	cas.Store
	w *volumeWrites
}

func (c countedChunks) Put(ctx context.Context, a cas.Addr, data []byte) error {
	c.w.chunkPuts.Add(1)
	c.w.chunkBytes.Add(int64(len(data)))
	return c.Store.Put(ctx, a, data)
}

// BenchmarkVolumeStep: a step that changes one byte of a 1 MB file in a
// hosted volume (read it, flip a byte, write it back). The aim: one file
// chunk plus the volume's manifest and head (and the session's head),
// under 64 KB written.
//
//	go test -run '^$' -bench VolumeStep -benchtime 100x ./functions/engine/
func BenchmarkVolumeStep(b *testing.B) {
	for _, be := range []backend{backends[0], {"bolt", openBolt, 0}} {
		b.Run(be.name, func(b *testing.B) {
			var w *volumeWrites
			h := newHarness(b, backend{be.name, func(t testing.TB) (meta.Store, cas.Store) {
				m, c := be.open(t)
				w = &volumeWrites{Store: m, VolumeStore: m.(meta.VolumeStore)}
				return w, countedChunks{c, w}
			}, 0}, nil)
			s := h.volSession(map[string]string{"/data": "bench"})
			h.feed(s, `
import random
random.seed(1)
with open('/data/big.bin', 'wb') as f:
    f.write(random.randbytes(1 << 20))
def touch(i):
    b = bytearray(open('/data/big.bin', 'rb').read())
    b[i] ^= 1
    with open('/data/big.bin', 'wb') as f:
        f.write(b)
`)
			var volReqs, volBytes atomic.Int64
			h.e.volumesCommitted = func(n int, b int64) { volReqs.Add(int64(n)); volBytes.Add(b) }
			h.feed(s, "touch(0)") // warm up
			type counts struct{ puts, bytes, vheads, vbytes, sheads, sbytes int64 }
			read := func() counts {
				return counts{w.chunkPuts.Load(), w.chunkBytes.Load(), w.volumeHeads.Load(), w.headBytes.Load(), w.sessionHeads.Load(), w.sessBytes.Load()}
			}
			before := read()
			volReqs.Store(0)
			volBytes.Store(0)
			var statBytes, statReqs int64
			b.ResetTimer()
			for i := range b.N {
				rep := h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: fmt.Sprintf("touch(%d)", (i*7919+1)%(1<<20))})
				statBytes += rep.Stats.BytesStored
				statReqs += int64(rep.Stats.Requests)
			}
			b.StopTimer()
			after := read()
			n := float64(b.N)
			b.ReportMetric(float64(after.puts-before.puts)/n, "chunk-puts/step")
			b.ReportMetric(float64(after.bytes-before.bytes)/n, "chunk-B/step")
			b.ReportMetric(float64(after.vheads-before.vheads)/n, "volume-heads/step")
			b.ReportMetric(float64(after.vbytes-before.vbytes)/n, "volume-head-B/step")
			b.ReportMetric(float64(after.sbytes-before.sbytes)/n, "session-head-B/step")
			total := after.puts - before.puts + after.vheads - before.vheads + after.sheads - before.sheads
			written := after.bytes - before.bytes + after.vbytes - before.vbytes + after.sbytes - before.sbytes
			b.ReportMetric(float64(total)/n, "requests/step")
			b.ReportMetric(float64(written)/n, "bytes/step")
			b.ReportMetric(float64(statReqs)/n, "stats-requests/step")
			b.ReportMetric(float64(statBytes)/n, "stats-B/step")
			// The volume's part: file chunks, manifest and volume head.
			b.ReportMetric(float64(volReqs.Load())/n, "volume-requests/step")
			b.ReportMetric((float64(volBytes.Load())+float64(after.vbytes-before.vbytes))/n, "volume-B/step")
		})
	}
}
