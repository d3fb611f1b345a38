package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// Volume tests run on one backend of each store pair: memory, bbolt +
// cas.Dir, dynalite + gofakes3 (the overlay variants add nothing here).
func forEachStorePair(t *testing.T, f func(t *testing.T, b backend)) {
	for _, b := range backends {
		if b.inline != 0 {
			continue
		}
		t.Run(b.name, func(t *testing.T) { f(t, b) })
	}
}

func (h *harness) volSession(vols map[string]string) string {
	h.t.Helper()
	return h.ok(protocol.Request{Op: protocol.OpCheckout, Volumes: vols}).Session
}

func (h *harness) volRead(name, path string) string {
	h.t.Helper()
	return string(h.ok(protocol.Request{Op: protocol.OpVolumeRead, Volume: name, Path: path}).Data)
}

// TestVolumeOutlivesSessionsAndForks: a file written in a step is read by
// a later session and by a fork of an older snapshot, which sees the
// volume's current contents, not those of its dump time.
func TestVolumeOutlivesSessionsAndForks(t *testing.T) {
	forEachStorePair(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		vols := map[string]string{"/data": "notes"}
		s := h.volSession(vols)
		h.feed(s, `
import os, pathlib
os.makedirs('/data/a/b', exist_ok=True)
with open('/data/a/b/note.txt', 'w') as f:
    f.write('first\n')
pathlib.Path('/data/tmp.txt').write_text('scratch')
os.rename('/data/tmp.txt', '/data/moved.txt')
marker = 'dumped'`)
		snap := h.ok(protocol.Request{Op: protocol.OpDump, Session: s}).Snapshot
		h.feed(s, `
with open('/data/a/b/note.txt', 'a') as f:
    f.write('second\n')
os.remove('/data/moved.txt')`)

		later := h.volSession(vols)
		if got := h.value(later, "open('/data/a/b/note.txt').read()"); got != `'first\nsecond\n'` {
			t.Errorf("a later session reads %s", got)
		}
		if got := h.value(later, "sorted(os.listdir('/data')) if (os := __import__('os')) else 0"); got != "['a']" {
			t.Errorf("listdir %s", got)
		}
		fork := h.volSession(vols)
		h.ok(protocol.Request{Op: protocol.OpLoadSession, Session: fork, Snapshot: snap})
		if got := h.value(fork, "marker, open('/data/a/b/note.txt').read(), os.path.exists('/data/moved.txt')"); got != `('dumped', 'first\nsecond\n', False)` {
			t.Errorf("the fork of the older snapshot reads %s", got)
		}
		// A session without the volume does not see it: the open is an
		// OS call to the host.
		plain := h.checkout(false)
		if rep := h.runHostless(plain, "open('/data/a/b/note.txt').read()"); rep.Error == nil || rep.Error.Type != "FileNotFoundError" {
			t.Errorf("a session without the volume: %+v %v", rep, rep.Error)
		}
		// The host sees the same files.
		if got := h.volRead("notes", "a/b/note.txt"); got != "first\nsecond\n" {
			t.Errorf("volume_read %q", got)
		}
		list := h.ok(protocol.Request{Op: protocol.OpVolumeList, Volume: "notes"})
		if len(list.Files) != 1 || list.Files[0] != (protocol.VolumeFile{Path: "a/b/note.txt", Size: 13}) {
			t.Errorf("volume_list %+v", list.Files)
		}
	})
}

// runHostless feeds code and answers every OS call (a file operation
// outside the session's volumes) with not_handled, as a host without
// mounts does; it returns the last reply.
func (h *harness) runHostless(session, code string) *protocol.Reply {
	h.t.Helper()
	rep := h.on(nil, protocol.Request{Op: protocol.OpFeed, Session: session, Code: code})
	for rep.Error == nil && rep.Progress == protocol.ProgressFunctionCall && rep.OSCall != "" {
		id := rep.CallID
		rep = h.on(nil, protocol.Request{Op: protocol.OpResume, Session: session, CallID: &id, NotHandled: true})
	}
	return rep
}

// TestVolumeSandboxErrors: file errors are CPython's, escapes are
// PermissionError, over-limit files are OSError.
func TestVolumeSandboxErrors(t *testing.T) {
	h := newHarness(t, backends[0], func(c *Config) { c.MaxVolumeFileBytes = 1000 })
	s := h.volSession(map[string]string{"/data": "v"})
	cases := []struct{ code, typ string }{
		{"open('/data/missing')", "FileNotFoundError"},
		{"open('/data/nodir/x', 'w')", "FileNotFoundError"},
		{"import os\nos.mkdir('/data/d')\nos.mkdir('/data/d')", "FileExistsError"},
		{"open('/data/d')", "IsADirectoryError"},
		{"open('/data/d/f', 'w').write('x')\nos.rmdir('/data/d')", "OSError"},
		{"open('/data/big', 'wb').write(b'x' * 2000)", "OSError"},
		{"os.listdir('/data/d/f')", "NotADirectoryError"},
	}
	for _, c := range cases {
		rep := h.runHostless(s, c.code)
		if rep.Error == nil || rep.Error.Type != c.typ {
			t.Errorf("%s: got %+v, want %s", c.code, rep.Error, c.typ)
		}
	}
	// open('wb') made the file before the write failed, as in CPython.
	if got := h.value(s, "sorted(os.listdir('/data/d')), os.path.getsize('/data/big')"); got != "(['f'], 0)" {
		t.Errorf("after the errors: %s", got)
	}
	// A path that leaves the volume through .. is refused in the sandbox,
	// as an escape from any mount is: nothing reaches the host.
	rep := h.runHostless(s, "open('/data/../etc/passwd')")
	if rep.Error == nil || rep.Error.Type != "PermissionError" {
		t.Errorf("an escape through ..: got %+v, want PermissionError", rep.Error)
	}
	for _, bad := range []map[string]string{{"/": "v"}, {"/data/../x": "v"}, {"/a": "bad/name"}, {"/a": "v", "/a/b": "w"}} {
		h.fail(protocol.Request{Op: protocol.OpCheckout, Volumes: bad}, protocol.KindBadRequest, "")
	}
	h.fail(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "v", Path: "../x", Data: []byte("x")}, protocol.KindBadRequest, "")
	h.fail(protocol.Request{Op: protocol.OpVolumeRead, Volume: "v", Path: "/etc/passwd"}, protocol.KindBadRequest, "")
	h.fail(protocol.Request{Op: protocol.OpVolumeRead, Volume: "v", Path: "nothing"}, protocol.KindNotFound, "")
	h.fail(protocol.Request{Op: protocol.OpVolumeRead, Volume: "nothing", Path: "x"}, protocol.KindNotFound, "")
	h.fail(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "v", Path: "big", Data: make([]byte, 2000)}, protocol.KindTooLarge, "")
}

// TestVolumeHostOps: write (replace, append, retried append, version
// check), list, delete.
func TestVolumeHostOps(t *testing.T) {
	forEachStorePair(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		w := h.ok(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "in", Path: "dir/a.txt", Data: []byte("one ")})
		for range 2 { // a retried append applies once
			h.ok(protocol.Request{Op: protocol.OpVolumeWrite, ID: "append-1", Volume: "in", Path: "dir/a.txt", Data: []byte("two"), Append: true})
		}
		if got := h.volRead("in", "dir/a.txt"); got != "one two" {
			t.Fatalf("after append %q", got)
		}
		h.fail(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "in", Path: "dir/a.txt", Data: []byte("x"), Version: i64(w.Version)}, protocol.KindConflict, "")
		h.ok(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "in", Path: "b.txt", Data: []byte("b")})
		list := h.ok(protocol.Request{Op: protocol.OpVolumeList})
		if len(list.Volumes) != 1 || list.Volumes[0].Name != "in" || list.Volumes[0].Files != 2 || list.Volumes[0].Bytes != 8 || list.Volumes[0].Version != 3 {
			t.Fatalf("volume_list %+v", list.Volumes)
		}
		// Another project has volumes of its own names.
		if _, err := h.e.EnsureProject(context.Background(), "p2", "key-2"); err != nil {
			t.Fatal(err)
		}
		other := Caller{Project: "p2"}
		if rep := h.e.Handle(context.Background(), other, &protocol.Request{Op: protocol.OpVolumeRead, ID: "x1", Volume: "in", Path: "b.txt"}, nil); rep.Error == nil || rep.Error.Kind != protocol.KindNotFound {
			t.Fatalf("another project reads p1's volume: %+v", rep)
		}
		if rep := h.e.Handle(context.Background(), other, &protocol.Request{Op: protocol.OpVolumeList, ID: "x2"}, nil); len(rep.Volumes) != 0 {
			t.Fatalf("another project lists p1's volumes: %+v", rep.Volumes)
		}
		h.ok(protocol.Request{Op: protocol.OpVolumeDelete, Volume: "in", Path: "dir"})
		if files := h.ok(protocol.Request{Op: protocol.OpVolumeList, Volume: "in"}).Files; len(files) != 1 || files[0].Path != "b.txt" {
			t.Fatalf("after deleting dir: %+v", files)
		}
		h.ok(protocol.Request{Op: protocol.OpVolumeDelete, Volume: "in"})
		h.fail(protocol.Request{Op: protocol.OpVolumeList, Volume: "in"}, protocol.KindNotFound, "")
		if list := h.ok(protocol.Request{Op: protocol.OpVolumeList}); len(list.Volumes) != 0 {
			t.Fatalf("a deleted volume is listed: %+v", list.Volumes)
		}
	})
}

// TestVolumeConcurrentWriters: four sessions append lines to their own
// files and to one shared file at once; conflicts on the shared file are
// retried with a new id; no line is lost or doubled.
func TestVolumeConcurrentWriters(t *testing.T) {
	forEachStorePair(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		const workers, lines = 4, 5
		vols := map[string]string{"/data": "shared"}
		var wg sync.WaitGroup
		var conflicts atomic.Int64
		errs := make(chan error, workers)
		for w := range workers {
			e := h.engine(nil) // each worker its own process
			s := h.volSession(vols)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range lines {
					code := fmt.Sprintf("with open('/data/own-%d.txt', 'a') as f:\n    f.write('%d-%d\\n')\nwith open('/data/all.txt', 'a') as f:\n    f.write('%d-%d\\n')", w, w, i, w, i)
					for try := 0; ; try++ {
						rep := e.Handle(context.Background(), h.caller, &protocol.Request{Op: protocol.OpFeed, ID: fmt.Sprintf("w%d-%d-%d", w, i, try), Session: s, Code: code}, nil)
						if rep.Error == nil {
							break
						}
						if rep.Error.Kind != protocol.KindConflict || try > 200 {
							errs <- fmt.Errorf("worker %d line %d: %v", w, i, rep.Error)
							return
						}
						conflicts.Add(1)
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		all := strings.Split(strings.TrimSpace(h.volRead("shared", "all.txt")), "\n")
		seen := map[string]int{}
		for _, l := range all {
			seen[l]++
		}
		for w := range workers {
			own := h.volRead("shared", fmt.Sprintf("own-%d.txt", w))
			var want strings.Builder
			for i := range lines {
				fmt.Fprintf(&want, "%d-%d\n", w, i)
				if seen[fmt.Sprintf("%d-%d", w, i)] != 1 {
					t.Errorf("line %d-%d is in the shared file %d times", w, i, seen[fmt.Sprintf("%d-%d", w, i)])
				}
			}
			if own != want.String() {
				t.Errorf("own file %d = %q", w, own)
			}
		}
		if len(all) != workers*lines {
			t.Errorf("%d lines in the shared file, want %d", len(all), workers*lines)
		}
		t.Logf("%d conflicts retried", conflicts.Load())
	})
}

// faultVolumes injects failures at the volume head write.
type faultVolumes struct {
	meta.Store
	heads meta.VolumeStore
	// failVolume: fail the next CommitVolume without writing (the process
	// died between the chunk writes and the volume head).
	failVolume atomic.Int32
	// failSession: fail the next CommitSession without writing (it died
	// between the volume head and the session head).
	failSession atomic.Int32
	// afterVolume: write the next volume head, then fail (it died before
	// the reply).
	afterVolume atomic.Int32
}

func (f *faultVolumes) GetVolume(ctx context.Context, p, n string) (*meta.Volume, error) {
	return f.heads.GetVolume(ctx, p, n)
}
func (f *faultVolumes) CommitVolume(ctx context.Context, v *meta.Volume, expect int64) error {
	if f.failVolume.Load() > 0 && f.failVolume.Add(-1) >= 0 {
		return errors.New("injected: died before the volume head write")
	}
	err := f.heads.CommitVolume(ctx, v, expect)
	if err == nil && f.afterVolume.Load() > 0 && f.afterVolume.Add(-1) >= 0 {
		return errors.New("injected: died after the volume head write")
	}
	return err
}
func (f *faultVolumes) DeleteVolumeRecord(ctx context.Context, p, n string, expect int64) error {
	return f.heads.DeleteVolumeRecord(ctx, p, n, expect)
}
func (f *faultVolumes) ListVolumes(ctx context.Context, p string) ([]*meta.Volume, error) {
	return f.heads.ListVolumes(ctx, p)
}
func (f *faultVolumes) CommitSession(ctx context.Context, s *meta.Session, expect int64) error {
	if f.failSession.Load() > 0 && f.failSession.Add(-1) >= 0 {
		return errors.New("injected: died before the session head write")
	}
	return f.Store.CommitSession(ctx, s, expect)
}

// TestVolumeCrashLeavesPreviousVersion: a crash between the chunk writes
// and the volume head leaves the volume as it was; a crash between the
// volume head and the session head is completed by the retry with the
// same id, which applies the volume change once and answers what the
// first attempt computed.
func TestVolumeCrashLeavesPreviousVersion(t *testing.T) {
	forEachStorePair(t, func(t *testing.T, b backend) {
		var fv *faultVolumes
		h := newHarness(t, backend{b.name, func(t testing.TB) (meta.Store, cas.Store) {
			m, c := b.open(t)
			fv = &faultVolumes{Store: m, heads: m.(meta.VolumeStore)}
			return fv, c
		}, b.inline}, nil)
		s := h.volSession(map[string]string{"/data": "log"})
		h.feed(s, "open('/data/log.txt', 'w').write('0\\n')")
		step := func(id string) *protocol.Reply {
			return h.on(nil, protocol.Request{Op: protocol.OpFeed, ID: id, Session: s,
				Code: "n = len(open('/data/log.txt').read().split())\nopen('/data/log.txt', 'a').write(f'{n}\\n')\nn"})
		}
		before := h.ok(protocol.Request{Op: protocol.OpVolumeList, Volume: "log"}).Version

		fv.failVolume.Store(1)
		if rep := step("crash-1"); rep.Error == nil || rep.Error.Kind != protocol.KindInternal {
			t.Fatalf("the injected crash: %+v", rep.Error)
		}
		if v := h.ok(protocol.Request{Op: protocol.OpVolumeList, Volume: "log"}).Version; v != before {
			t.Fatalf("the volume moved from version %d to %d without a commit", before, v)
		}
		if got := h.volRead("log", "log.txt"); got != "0\n" {
			t.Fatalf("after the crash the file is %q", got)
		}
		if rep := step("crash-1"); rep.Error != nil || rep.Repr != "1" {
			t.Fatalf("the retry: %+v %v", rep, rep.Error)
		}

		fv.failSession.Store(1)
		if rep := step("crash-2"); rep.Error == nil {
			t.Fatal("the injected session crash did not fail the step")
		}
		// The volume head committed; the session did not. The retry finds
		// its change applied, reads what the first attempt read, and
		// commits the session with the same answer.
		for range 2 {
			if rep := step("crash-2"); rep.Error != nil || rep.Repr != "2" {
				t.Fatalf("retry after the session crash: %+v %v", rep, rep.Error)
			}
		}
		if got := h.volRead("log", "log.txt"); got != "0\n1\n2\n" {
			t.Fatalf("the log is %q: a step was lost or applied twice", got)
		}
		// The same id sent again after a later step is a new step (as for
		// the session): it runs and appends.
		h.feed(s, "pass")
		if rep := step("crash-2"); rep.Error != nil || rep.Repr != "3" {
			t.Fatalf("an old id reused: %+v %v", rep, rep.Error)
		}
		if got := h.volRead("log", "log.txt"); got != "0\n1\n2\n3\n" {
			t.Fatalf("the reused id's write: %q", got)
		}
	})
}

// TestVolumeSessionConflictReverts: a step whose volume commit succeeded
// but whose session commit lost to a concurrent step on the same session
// takes its volume change back, so the conflict commits nothing.
func TestVolumeSessionConflictReverts(t *testing.T) {
	var fm *faultMeta
	b := backends[0]
	h := newHarness(t, backend{b.name, func(t testing.TB) (meta.Store, cas.Store) {
		m, c := b.open(t)
		fm = &faultMeta{Store: m}
		return struct {
			*faultMeta
			meta.VolumeStore
		}{fm, m.(meta.VolumeStore)}, c
	}, b.inline}, nil)
	other := h.engine(nil)
	s := h.volSession(map[string]string{"/data": "v"})
	h.feed(s, "open('/data/f', 'w').write('base')")
	fm.hook = func() {
		if rep := h.on(other, protocol.Request{Op: protocol.OpFeed, Session: s, Code: "x = 1"}); rep.Error != nil {
			t.Errorf("other: %v", rep.Error)
		}
	}
	rep := h.on(nil, protocol.Request{Op: protocol.OpFeed, Session: s, Code: "open('/data/f', 'w').write('lost')"})
	if rep.Error == nil || rep.Error.Kind != protocol.KindConflict {
		t.Fatalf("want a conflict, got %+v", rep.Error)
	}
	if got := h.volRead("v", "f"); got != "base" {
		t.Fatalf("the conflicting step's write stayed: %q", got)
	}
}

// TestVolumeQuota: volume bytes count toward the project's quota and
// show in snapshots' quota.
func TestVolumeQuota(t *testing.T) {
	forEachStorePair(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		ctx := context.Background()
		h.ok(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "q", Path: "a", Data: make([]byte, 100<<10)})
		used := h.ok(protocol.Request{Op: protocol.OpSnapshots}).Quota.Used
		if used != 128<<10 {
			t.Fatalf("a 100 KB volume is charged %d bytes, want 128 KB", used)
		}
		p, err := h.meta.GetProject(ctx, "p1")
		if err != nil {
			t.Fatal(err)
		}
		p.Quota = 200 << 10
		if err := h.meta.PutProject(ctx, p); err != nil {
			t.Fatal(err)
		}
		h.fail(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "q", Path: "b", Data: make([]byte, 100<<10)}, protocol.KindQuota, "quota")
		s := h.volSession(map[string]string{"/q": "q"})
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "open('/q/c', 'wb').write(b'x' * 100000)\ny = 1"}, protocol.KindQuota, "quota")
		if got := h.value(s, "__import__('os').listdir('/q')"); got != "['a']" {
			t.Fatalf("a step over quota committed its volume write: %s", got)
		}
		h.ok(protocol.Request{Op: protocol.OpVolumeDelete, Volume: "q", Path: "a"})
		if used := h.ok(protocol.Request{Op: protocol.OpSnapshots}).Quota.Used; used >= 128<<10 {
			t.Fatalf("deleting the file left usage at %d", used)
		}
	})
}

// TestVolumeGC: GC keeps every chunk the head and the versions within
// the grace period reach, and sweeps the chunks of older versions.
func TestVolumeGC(t *testing.T) {
	forEachStorePair(t, func(t *testing.T, b backend) {
		const grace = 200 * time.Millisecond
		h := newHarness(t, b, func(c *Config) { c.GCGrace = grace; c.Now = time.Now })
		h.e.cfg.Now = time.Now
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(5, 6))
		random := func(n int) []byte {
			d := make([]byte, n)
			for i := range d {
				d[i] = byte(rng.Uint32())
			}
			return d
		}
		v1, v2, v3 := random(100<<10), random(100<<10), random(100<<10)
		h.ok(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "g", Path: "f", Data: v1})
		h.ok(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "g", Path: "f", Data: v2})
		head2, err := h.meta.(meta.VolumeStore).GetVolume(ctx, "p1", "g")
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(grace + 100*time.Millisecond) // v1 was superseded longer ago than the grace
		h.ok(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "g", Path: "f", Data: v3})
		rep, err := h.e.GC(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// What is left is exactly what v3 (the head) and v2 (superseded
		// within the grace) reach.
		repo, err := h.e.repo(ctx, "p1", nil)
		if err != nil {
			t.Fatal(err)
		}
		head3, _ := h.meta.(meta.VolumeStore).GetVolume(ctx, "p1", "g")
		reach := map[cas.Addr]bool{}
		for _, r := range []string{head2.Root, head3.Root} {
			a, _ := cas.ParseAddr(r)
			if err := repo.References(ctx, []cas.Addr{a}, func(ref cas.Ref) error { reach[ref.Addr] = true; return nil }); err != nil {
				t.Fatal(err)
			}
		}
		stored := map[cas.Addr]bool{}
		if err := h.chunks.Walk(ctx, func(ci cas.ChunkInfo) error { stored[ci.Addr] = true; return nil }); err != nil {
			t.Fatal(err)
		}
		for a := range reach {
			if !stored[a] {
				t.Errorf("GC deleted chunk %x that a live version reaches", a[:4])
			}
		}
		if len(stored) != len(reach) {
			t.Errorf("%d chunks stored after GC, %d reachable (swept %d)", len(stored), len(reach), rep.Chunks.Deleted)
		}
		if rep.Chunks.Deleted == 0 {
			t.Error("GC swept nothing of v1")
		}
		cold := h.engine(func(c *Config) { c.Now = time.Now })
		if got := cold.Handle(ctx, h.caller, &protocol.Request{Op: protocol.OpVolumeRead, ID: "r", Volume: "g", Path: "f"}, nil); got.Error != nil || string(got.Data) != string(v3) {
			t.Fatalf("a cold read after GC: %v", got.Error)
		}
	})
}

// TestVolumeGCUnderLoad: GC runs over and over with a short grace while
// two sessions rewrite files of one volume (every step leaves the old
// content as garbage); afterwards a cold engine reads every file whole.
// A commit must finish within the grace (Config.GCGrace): 200 ms was
// less than a step took under the race detector on a loaded machine, and
// GC rightly swept that step's new pages, so the grace is 1 s and the
// run long enough for old content to age past it.
func TestVolumeGCUnderLoad(t *testing.T) {
	forEachStorePair(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, func(c *Config) { c.GCGrace = time.Second; c.Now = time.Now })
		h.e.cfg.Now = time.Now
		ctx := context.Background()
		const workers = 2
		stop := make(chan struct{})
		var wg sync.WaitGroup
		steps := make([]int, workers)
		for w := range workers {
			s := h.volSession(map[string]string{"/v": "load"})
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					code := fmt.Sprintf("import random\nrandom.seed(%d)\nopen('/v/f%d.bin', 'wb').write(random.randbytes(20000))\nopen('/v/log%d', 'a').write('%d\\n')", i, w, w, i)
					if rep := h.on(nil, protocol.Request{Op: protocol.OpFeed, Session: s, Code: code}); rep.Error != nil {
						t.Errorf("worker %d step %d: %v", w, i, rep.Error)
						return
					}
					steps[w] = i + 1
				}
			}()
		}
		var deleted int64
		start := time.Now()
		for since := time.Duration(0); since < 3*time.Second || (deleted == 0 && since < 20*time.Second); since = time.Since(start) {
			rep, err := h.e.GC(ctx)
			if err != nil {
				t.Fatal(err)
			}
			deleted += rep.Chunks.Deleted
			time.Sleep(30 * time.Millisecond)
		}
		close(stop)
		wg.Wait()
		if _, err := h.e.GC(ctx); err != nil {
			t.Fatal(err)
		}
		if deleted == 0 {
			t.Errorf("GC deleted nothing in %v steps", steps)
		}
		cold := h.engine(func(c *Config) { c.Now = time.Now })
		check := h.volSession(map[string]string{"/v": "load"})
		for w := range workers {
			code := fmt.Sprintf("import random\nrandom.seed(%d)\nopen('/v/f%d.bin', 'rb').read() == random.randbytes(20000), open('/v/log%d').read().split() == [str(i) for i in range(%d)]", steps[w]-1, w, w, steps[w])
			if rep := h.on(cold, protocol.Request{Op: protocol.OpFeed, Session: check, Code: code}); rep.Error != nil || rep.Repr != "(True, True)" {
				t.Errorf("worker %d's files after GC: %s %v", w, rep.Repr, rep.Error)
			}
		}
		t.Logf("%v steps, GC deleted %d chunks", steps, deleted)
	})
}

// TestVolumeFileAPIs: ordinary Python file APIs over a volume, one step
// after another (each step reads what the last committed), with CPython's
// results.
func TestVolumeFileAPIs(t *testing.T) {
	h := newHarness(t, backends[0], nil)
	s := h.volSession(map[string]string{"/data": "apis"})
	for _, c := range []struct{ code, want string }{
		{"import os, pathlib\npathlib.Path('/data/a/b').mkdir(parents=True)\nsorted(os.listdir('/data/a'))", "['b']"},
		{"pathlib.Path('/data/a/b/f.txt').write_text('hi')\n[p.name for p in pathlib.Path('/data/a/b').iterdir()]", "['f.txt']"},
		{"os.replace('/data/a/b/f.txt', '/data/a/g.txt')\nlist(os.walk('/data'))", "[('/data', ['a'], []), ('/data/a', ['b'], ['g.txt']), ('/data/a/b', [], [])]"},
		{"pathlib.Path('/data/a/g.txt').unlink()\nos.path.exists('/data/a/g.txt')", "False"},
		{"open('/data/t.txt', 'w').write('line1\\nline2\\n')\nopen('/data/t.txt').readlines()", `['line1\n', 'line2\n']`},
		{"with open('/data/t.txt', 'r+') as f:\n    f.seek(0)\n    f.write('LINE')\nopen('/data/t.txt').read()", `'LINE1\nline2\n'`},
		{"os.stat('/data/t.txt').st_size", "12"},
		{"sorted(str(p) for p in pathlib.Path('/data').glob('*.txt'))", "['/data/t.txt']"},
		{"os.rename('/data/a', '/data/c')\nsorted(os.listdir('/data')), os.path.isdir('/data/c/b')", "(['c', 't.txt'], True)"},
		{"os.rmdir('/data/c/b')\nos.rmdir('/data/c')\nos.listdir('/data')", "['t.txt']"},
	} {
		if got := h.value(s, c.code); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.code, got, c.want)
		}
	}
}

// TestVolumeHostWriteExactlyOnce: a host append whose volume head was
// written but whose reply was lost is applied once by the retry with the
// same id; one whose head write failed is applied by the retry.
func TestVolumeHostWriteExactlyOnce(t *testing.T) {
	forEachStorePair(t, func(t *testing.T, b backend) {
		var fv *faultVolumes
		h := newHarness(t, backend{b.name, func(t testing.TB) (meta.Store, cas.Store) {
			m, c := b.open(t)
			fv = &faultVolumes{Store: m, heads: m.(meta.VolumeStore)}
			return fv, c
		}, b.inline}, nil)
		appendLine := func(id, line string) *protocol.Reply {
			return h.on(nil, protocol.Request{Op: protocol.OpVolumeWrite, ID: id, Volume: "h", Path: "log", Data: []byte(line), Append: true})
		}
		h.ok(protocol.Request{Op: protocol.OpVolumeWrite, Volume: "h", Path: "log", Data: []byte("0\n")})
		fv.afterVolume.Store(1)
		if rep := appendLine("a1", "1\n"); rep.Error == nil || rep.Error.Kind != protocol.KindInternal {
			t.Fatalf("the injected crash after the head: %+v", rep.Error)
		}
		fv.failVolume.Store(1)
		if rep := appendLine("a2", "2\n"); rep.Error == nil {
			t.Fatal("the injected crash before the head did not fail")
		}
		if got := h.volRead("h", "log"); got != "0\n1\n" {
			t.Fatalf("after the crashes: %q", got)
		}
		for range 2 {
			if rep := appendLine("a1", "1\n"); rep.Error != nil {
				t.Fatal(rep.Error)
			}
			if rep := appendLine("a2", "2\n"); rep.Error != nil {
				t.Fatal(rep.Error)
			}
		}
		if got := h.volRead("h", "log"); got != "0\n1\n2\n" {
			t.Fatalf("after the retries: %q (an append was lost or doubled)", got)
		}
	})
}
