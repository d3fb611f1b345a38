package meta

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"
)

// openFunc opens an empty store for one test.
type openFunc func(t *testing.T) Store

// testStore runs the conformance suite every Store must pass.
func testStore(t *testing.T, open openFunc) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s Store)
	}{
		{"Projects", testProjects},
		{"KeyHashes", testKeyHashes},
		{"Usage", testUsage},
		{"Sessions", testSessions},
		{"CommitSession", testCommitSession},
		{"ConcurrentCommits", testConcurrentCommits},
		{"Snapshots", testSnapshots},
		{"Connections", testConnections},
		{"Lists", testLists},
		{"Canceled", testCanceled},
		{"TooLarge", testTooLarge},
		{"ConcurrentUsage", testConcurrentUsage},
		{"ConcurrentCreates", testConcurrentCreates},
		{"ConcurrentEphemeral", testConcurrentEphemeral},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			tc.fn(t, s)
			if err := s.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
		})
	}
}

var ctx = context.Background()

// A time with nanoseconds in a zone other than UTC: stores keep the
// instant and give it back in UTC.
var (
	zone   = time.FixedZone("UTC+5", 5*3600)
	tBase  = time.Date(2026, 3, 4, 5, 6, 7, 123456789, zone)
	tLater = tBase.Add(90 * time.Minute)
)

func fullSession(project, id string) *Session {
	return &Session{
		Project: project, ID: id,
		Root:        "ab12cd34",
		Version:     1,
		State:       StateSuspended,
		Ephemeral:   true,
		Connection:  "conn-1",
		Config:      []byte(`{"script":"main.py"}`),
		Fresh:       true,
		Created:     tBase,
		Saved:       tBase.Add(time.Second),
		Expires:     tLater,
		LastRequest: "req-9",
		LastReply:   "ffee",
		ReplyInline: []byte(`{"id":"req-9","ok":true}`),
		Bytes:       1 << 40,
		Stored:      12345,
		Steps:       []byte{0, 1, 2, 255},
		Extra:       make([]byte, 100<<10),
		Usage:       []byte{1, 7, 200},
	}
}

func fullSnapshot(project, id string) *Snapshot {
	return &Snapshot{Project: project, ID: id, Root: "0011", Kind: KindSuspendedSnapshot, Bytes: 1 << 33, Stored: 99,
		Created: tBase, Expires: tLater, Request: "req-1"}
}

func fullProject(id string) *Project {
	p := &Project{ID: id, CASKey: make([]byte, 32), KeyHashes: []string{"h1", "h2"}, Quota: 1 << 30, Used: 77}
	p.CASKey[0], p.CASKey[31] = 1, 0xff
	return p
}

func fullConnection(id string) *Connection {
	return &Connection{ID: id, Project: "p", Created: tBase, Ephemeral: []string{"e1", "e2"},
		TraceParent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}
}

// sameTime checks that got is want's instant, in UTC.
func sameTime(t *testing.T, what string, got, want time.Time) {
	t.Helper()
	if want.IsZero() {
		if !got.IsZero() {
			t.Errorf("%s = %v, want the zero time", what, got)
		}
		return
	}
	if !got.Equal(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
	if got.Location() != time.UTC {
		t.Errorf("%s in %v, want UTC", what, got.Location())
	}
}

// normalize makes records comparable with reflect.DeepEqual: times are
// checked by sameTime and cleared, empty slices become nil.
func normalize(v any) any {
	switch r := v.(type) {
	case *Session:
		c := *r
		c.Created, c.Saved, c.Expires = time.Time{}, time.Time{}, time.Time{}
		c.Config, c.ReplyInline, c.Steps, c.Extra = nilIfEmpty(c.Config), nilIfEmpty(c.ReplyInline), nilIfEmpty(c.Steps), nilIfEmpty(c.Extra)
		return &c
	case *Snapshot:
		c := *r
		c.Created, c.Expires = time.Time{}, time.Time{}
		return &c
	case *Project:
		c := *r
		c.CASKey = nilIfEmpty(c.CASKey)
		if len(c.KeyHashes) == 0 {
			c.KeyHashes = nil
		}
		return &c
	case *Connection:
		c := *r
		c.Created = time.Time{}
		if len(c.Ephemeral) == 0 {
			c.Ephemeral = nil
		}
		return &c
	}
	return v
}

func nilIfEmpty(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return b
}

// checkRecord compares a record read back with the one written: its times
// as instants in UTC, the rest after normalize.
func checkRecord[T any](t *testing.T, got, want *T) {
	t.Helper()
	g, w := reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem()
	for i := range g.NumField() {
		if gt, ok := g.Field(i).Interface().(time.Time); ok {
			sameTime(t, g.Type().Field(i).Name, gt, w.Field(i).Interface().(time.Time))
		}
	}
	if gn, wn := normalize(got), normalize(want); !reflect.DeepEqual(gn, wn) {
		t.Errorf("%T\n got %+v\nwant %+v", got, gn, wn)
	}
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: error %v, want %v", what, err, want)
	}
}

// roundTrip writes the record rec of project with put, reads it back by
// its id with get and checks it comes back as written.
func roundTrip[T any](t *testing.T, put func(context.Context, *T) error, get func(ctx context.Context, project, id string) (*T, error), project, id string, rec *T) {
	t.Helper()
	must(t, fmt.Sprintf("writing %T", rec), put(ctx, rec))
	got, err := get(ctx, project, id)
	must(t, fmt.Sprintf("reading %T back", rec), err)
	checkRecord(t, got, rec)
}

// errOf is the error of a call that also returns a value.
func errOf[T any](_ T, err error) error { return err }

func must(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func testProjects(t *testing.T, s Store) {
	wantErr(t, "GetProject of a missing project", errOf(s.GetProject(ctx, "p1")), ErrNotFound)

	p := fullProject("p1")
	must(t, "PutProject", s.PutProject(ctx, p))
	got, err := s.GetProject(ctx, "p1")
	must(t, "GetProject", err)
	if !reflect.DeepEqual(normalize(got), normalize(p)) {
		t.Errorf("GetProject = %+v, want %+v", got, p)
	}

	// Put replaces the whole record.
	p2 := &Project{ID: "p1", CASKey: []byte{9}, Quota: 5}
	must(t, "PutProject again", s.PutProject(ctx, p2))
	got, err = s.GetProject(ctx, "p1")
	must(t, "GetProject", err)
	if !reflect.DeepEqual(normalize(got), normalize(p2)) {
		t.Errorf("after replace: %+v, want %+v", got, p2)
	}
}

func testKeyHashes(t *testing.T, s Store) {
	wantErr(t, "ProjectByKeyHash of an unknown hash", errOf(s.ProjectByKeyHash(ctx, "nope")), ErrNotFound)

	must(t, "PutProject", s.PutProject(ctx, &Project{ID: "a", KeyHashes: []string{"ka1", "ka2"}}))
	must(t, "PutProject", s.PutProject(ctx, &Project{ID: "b", KeyHashes: []string{"kb"}}))
	for hash, want := range map[string]string{"ka1": "a", "ka2": "a", "kb": "b"} {
		p, err := s.ProjectByKeyHash(ctx, hash)
		must(t, "ProjectByKeyHash "+hash, err)
		if p.ID != want {
			t.Errorf("ProjectByKeyHash(%s) = %s, want %s", hash, p.ID, want)
		}
	}
	// A hash owned by another project is refused.
	err := s.PutProject(ctx, &Project{ID: "b", KeyHashes: []string{"kb", "ka1"}})
	wantErr(t, "PutProject with another project's key", err, ErrConflict)
	if p, err := s.ProjectByKeyHash(ctx, "ka1"); err != nil || p.ID != "a" {
		t.Errorf("after refused put: %v, %v", p, err)
	}
	// Replacing a project's keys revokes the ones it no longer lists.
	must(t, "PutProject", s.PutProject(ctx, &Project{ID: "a", KeyHashes: []string{"ka2", "ka3"}}))
	wantErr(t, "revoked key", errOf(s.ProjectByKeyHash(ctx, "ka1")), ErrNotFound)
	for _, h := range []string{"ka2", "ka3"} {
		if p, err := s.ProjectByKeyHash(ctx, h); err != nil || p.ID != "a" {
			t.Errorf("ProjectByKeyHash(%s) = %v, %v", h, p, err)
		}
	}
}

func testUsage(t *testing.T, s Store) {
	wantErr(t, "AddUsage of a missing project", s.AddUsage(ctx, "none", 1), ErrNotFound)
	must(t, "PutProject", s.PutProject(ctx, &Project{ID: "q", Quota: 100}))
	must(t, "PutProject", s.PutProject(ctx, &Project{ID: "free"}))
	steps := []struct {
		project string
		delta   int64
		err     error
		used    int64
	}{
		{"q", 60, nil, 60},
		{"q", 41, ErrQuota, 60},
		{"q", 40, nil, 100}, // exactly the quota
		{"q", 1, ErrQuota, 100},
		{"q", -30, nil, 70},
		{"q", 0, nil, 70},
		{"q", -100, nil, -30}, // negative deltas always apply
		{"free", 1 << 50, nil, 1 << 50},
		{"free", 1 << 50, nil, 1 << 51},
	}
	for i, st := range steps {
		err := s.AddUsage(ctx, st.project, st.delta)
		if st.err == nil {
			must(t, fmt.Sprintf("step %d", i), err)
		} else {
			wantErr(t, fmt.Sprintf("step %d", i), err, st.err)
		}
		p, err := s.GetProject(ctx, st.project)
		must(t, "GetProject", err)
		if p.Used != st.used {
			t.Fatalf("step %d: used %d, want %d", i, p.Used, st.used)
		}
	}
	// AddUsage leaves the rest of the project alone.
	p, _ := s.GetProject(ctx, "q")
	if p.Quota != 100 || p.ID != "q" {
		t.Errorf("project after AddUsage: %+v", p)
	}
}

func testSessions(t *testing.T, s Store) {
	wantErr(t, "GetSession of a missing session", errOf(s.GetSession(ctx, "p", "s1")), ErrNotFound)

	want := fullSession("p", "s1")
	roundTrip(t, s.CreateSession, s.GetSession, "p", "s1", want)

	wantErr(t, "CreateSession of an existing id", s.CreateSession(ctx, &Session{Project: "p", ID: "s1"}), ErrConflict)
	got, _ := s.GetSession(ctx, "p", "s1")
	checkRecord(t, got, want)

	// The same id in another project is another session.
	wantErr(t, "GetSession in another project", errOf(s.GetSession(ctx, "other", "s1")), ErrNotFound)
	minimal := &Session{Project: "other", ID: "s1", State: StateIdle}
	roundTrip(t, s.CreateSession, s.GetSession, "other", "s1", minimal)

	must(t, "DeleteSession", s.DeleteSession(ctx, "p", "s1"))
	wantErr(t, "GetSession after delete", errOf(s.GetSession(ctx, "p", "s1")), ErrNotFound)
	wantErr(t, "DeleteSession of a missing session", s.DeleteSession(ctx, "p", "s1"), ErrNotFound)
	if _, err := s.GetSession(ctx, "other", "s1"); err != nil {
		t.Errorf("delete reached another project: %v", err)
	}
	// A deleted id can be created again.
	must(t, "CreateSession after delete", s.CreateSession(ctx, &Session{Project: "p", ID: "s1"}))
}

func testCommitSession(t *testing.T, s Store) {
	wantErr(t, "CommitSession of a missing session", s.CommitSession(ctx, &Session{Project: "p", ID: "x", Version: 1}, 0), ErrNotFound)

	must(t, "CreateSession", s.CreateSession(ctx, &Session{Project: "p", ID: "s", State: StateIdle, Fresh: true, Created: tBase}))
	next := fullSession("p", "s")
	next.Version = 1
	next.Fresh = false
	must(t, "CommitSession 0->1", s.CommitSession(ctx, next, 0))
	got, err := s.GetSession(ctx, "p", "s")
	must(t, "GetSession", err)
	checkRecord(t, got, next)

	// The same commit sent again (a retry whose first try landed, its
	// response lost) is a success that changes nothing.
	must(t, "CommitSession 0->1 again", s.CommitSession(ctx, next, 0))
	got, _ = s.GetSession(ctx, "p", "s")
	checkRecord(t, got, next)
	// The same request id committed by another run (another save time)
	// is a conflict.
	twin := *next
	twin.Saved = next.Saved.Add(time.Millisecond)
	wantErr(t, "CommitSession of another run of the same request", s.CommitSession(ctx, &twin, 0), ErrConflict)

	// A stale commit changes nothing.
	stale := &Session{Project: "p", ID: "s", Version: 1, Root: "stale"}
	wantErr(t, "CommitSession with a stale version", s.CommitSession(ctx, stale, 0), ErrConflict)
	wantErr(t, "CommitSession with a future version", s.CommitSession(ctx, stale, 7), ErrConflict)
	got, _ = s.GetSession(ctx, "p", "s")
	checkRecord(t, got, next)

	// Commits replace every field, including clearing them.
	cleared := &Session{Project: "p", ID: "s", Version: 2, State: StateClosed, Created: tBase}
	must(t, "CommitSession 1->2", s.CommitSession(ctx, cleared, 1))
	got, _ = s.GetSession(ctx, "p", "s")
	checkRecord(t, got, cleared)
}

// Many steps race to commit the same version: exactly one wins each round.
func testConcurrentCommits(t *testing.T, s Store) {
	const writers, rounds = 8, 5
	must(t, "CreateSession", s.CreateSession(ctx, &Session{Project: "p", ID: "race"}))
	for round := range int64(rounds) {
		var (
			wg      sync.WaitGroup
			mu      sync.Mutex
			winners []int
			others  []error
		)
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.CommitSession(ctx, &Session{Project: "p", ID: "race", Version: round + 1, LastRequest: fmt.Sprint(w)}, round)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					winners = append(winners, w)
				case !errors.Is(err, ErrConflict):
					others = append(others, err)
				}
			}()
		}
		wg.Wait()
		if len(others) > 0 {
			t.Fatalf("round %d: errors other than ErrConflict: %v", round, others)
		}
		if len(winners) != 1 {
			t.Fatalf("round %d: %d winners, want 1", round, len(winners))
		}
		got, err := s.GetSession(ctx, "p", "race")
		must(t, "GetSession", err)
		if got.Version != round+1 || got.LastRequest != fmt.Sprint(winners[0]) {
			t.Fatalf("round %d: head %d by %s, want %d by %d", round, got.Version, got.LastRequest, round+1, winners[0])
		}
	}
}

func testSnapshots(t *testing.T, s Store) {
	wantErr(t, "GetSnapshot of a missing snapshot", errOf(s.GetSnapshot(ctx, "p", "d1")), ErrNotFound)

	want := fullSnapshot("p", "d1")
	roundTrip(t, s.PutSnapshot, s.GetSnapshot, "p", "d1", want)
	// Snapshots never change.
	wantErr(t, "PutSnapshot of an existing id", s.PutSnapshot(ctx, &Snapshot{Project: "p", ID: "d1", Root: "other"}), ErrConflict)
	got, _ := s.GetSnapshot(ctx, "p", "d1")
	if got.Root != "0011" {
		t.Errorf("snapshot changed to %+v", got)
	}
	minimal := &Snapshot{Project: "p", ID: "d2", Kind: KindSessionDump}
	roundTrip(t, s.PutSnapshot, s.GetSnapshot, "p", "d2", minimal)

	wantErr(t, "GetSnapshot in another project", errOf(s.GetSnapshot(ctx, "q", "d1")), ErrNotFound)
	must(t, "DeleteSnapshot", s.DeleteSnapshot(ctx, "p", "d1"))
	wantErr(t, "GetSnapshot after delete", errOf(s.GetSnapshot(ctx, "p", "d1")), ErrNotFound)
	wantErr(t, "DeleteSnapshot of a missing snapshot", s.DeleteSnapshot(ctx, "p", "d1"), ErrNotFound)
}

func testConnections(t *testing.T, s Store) {
	wantErr(t, "GetConnection of a missing connection", errOf(s.GetConnection(ctx, "c1")), ErrNotFound)
	wantErr(t, "AddEphemeral on a missing connection", s.AddEphemeral(ctx, "c1", "e1"), ErrNotFound)

	c := &Connection{ID: "c1", Project: "p", Created: tBase}
	must(t, "PutConnection", s.PutConnection(ctx, c))
	got, err := s.GetConnection(ctx, "c1")
	must(t, "GetConnection", err)
	checkRecord(t, got, c)
	for _, e := range []string{"e1", "e2", "e1"} {
		must(t, "AddEphemeral "+e, s.AddEphemeral(ctx, "c1", e))
	}
	got, _ = s.GetConnection(ctx, "c1")
	if !reflect.DeepEqual(got.Ephemeral, []string{"e1", "e2"}) || got.Project != "p" {
		t.Errorf("after AddEphemeral: %+v", got)
	}
	// Put replaces.
	must(t, "PutConnection again", s.PutConnection(ctx, &Connection{ID: "c1", Project: "p2", Ephemeral: []string{"z"}}))
	got, _ = s.GetConnection(ctx, "c1")
	if got.Project != "p2" || !reflect.DeepEqual(got.Ephemeral, []string{"z"}) {
		t.Errorf("after replace: %+v", got)
	}
	full := fullConnection("c1")
	must(t, "PutConnection full", s.PutConnection(ctx, full))
	got, err = s.GetConnection(ctx, "c1")
	must(t, "GetConnection", err)
	checkRecord(t, got, full)
	must(t, "DeleteConnection", s.DeleteConnection(ctx, "c1"))
	wantErr(t, "GetConnection after delete", errOf(s.GetConnection(ctx, "c1")), ErrNotFound)
	wantErr(t, "DeleteConnection of a missing connection", s.DeleteConnection(ctx, "c1"), ErrNotFound)
}

// Lists give a project's records and no other project's, sessions and
// snapshots apart, and every project.
func testLists(t *testing.T, s Store) {
	if l, err := s.ListSessions(ctx, "p"); err != nil || len(l) != 0 {
		t.Fatalf("ListSessions of an empty store: %v, %v", l, err)
	}
	if l, err := s.ListSnapshots(ctx, "p"); err != nil || len(l) != 0 {
		t.Fatalf("ListSnapshots of an empty store: %v, %v", l, err)
	}
	if l, err := s.ListProjects(ctx); err != nil || len(l) != 0 {
		t.Fatalf("ListProjects of an empty store: %v, %v", l, err)
	}
	const n = 120 // enough items to need more than one page of a small page size
	for i := range n {
		project := []string{"p", "q"}[i%2]
		must(t, "CreateSession", s.CreateSession(ctx, fullSession(project, fmt.Sprintf("s%03d", i))))
		if i%3 == 0 {
			must(t, "PutSnapshot", s.PutSnapshot(ctx, &Snapshot{Project: project, ID: fmt.Sprintf("d%03d", i), Kind: KindSessionDump, Created: tBase}))
		}
		if i < 7 {
			must(t, "PutProject", s.PutProject(ctx, &Project{ID: fmt.Sprintf("proj%d", i), KeyHashes: []string{fmt.Sprintf("k%d", i)}}))
		}
	}
	// A prefix of another project's id is not the project.
	must(t, "CreateSession", s.CreateSession(ctx, &Session{Project: "pp", ID: "s000"}))
	sessions, err := s.ListSessions(ctx, "p")
	must(t, "ListSessions", err)
	var ids []string
	for _, x := range sessions {
		if x.Project != "p" {
			t.Fatalf("ListSessions(p) gave %s/%s", x.Project, x.ID)
		}
		ids = append(ids, x.ID)
	}
	sort.Strings(ids)
	var want []string
	for i := 0; i < n; i += 2 {
		want = append(want, fmt.Sprintf("s%03d", i))
	}
	if !slices.Equal(ids, want) {
		t.Errorf("ListSessions(p) = %v, want %v", ids, want)
	}
	checkRecord(t, sessions[0], fullSession("p", sessions[0].ID))

	snaps, err := s.ListSnapshots(ctx, "q")
	must(t, "ListSnapshots", err)
	ids = ids[:0]
	for _, x := range snaps {
		if x.Project != "q" {
			t.Fatalf("ListSnapshots(q) gave %s/%s", x.Project, x.ID)
		}
		ids = append(ids, x.ID)
	}
	sort.Strings(ids)
	want = want[:0]
	for i := 3; i < n; i += 6 {
		want = append(want, fmt.Sprintf("d%03d", i))
	}
	if !slices.Equal(ids, want) {
		t.Errorf("ListSnapshots(q) = %v, want %v", ids, want)
	}

	projects, err := s.ListProjects(ctx)
	must(t, "ListProjects", err)
	ids = ids[:0]
	for _, p := range projects {
		ids = append(ids, p.ID)
	}
	sort.Strings(ids)
	if want := []string{"proj0", "proj1", "proj2", "proj3", "proj4", "proj5", "proj6"}; !slices.Equal(ids, want) {
		t.Errorf("ListProjects = %v, want %v", ids, want)
	}
}

// A canceled context fails a call instead of running it.
func testCanceled(t *testing.T, s Store) {
	c, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.CreateSession(c, &Session{Project: "p", ID: "s"}); err == nil {
		t.Fatal("CreateSession with a canceled context succeeded")
	}
	if _, err := s.GetSession(ctx, "p", "s"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the canceled CreateSession wrote: %v", err)
	}
}

// A session record over MaxSessionBytes is refused before it is written,
// by both stores alike.
func testTooLarge(t *testing.T, s Store) {
	big := &Session{Project: "p", ID: "big", Extra: make([]byte, MaxSessionBytes)}
	wantErr(t, "CreateSession of a huge session", s.CreateSession(ctx, big), ErrTooLarge)
	wantErr(t, "GetSession of the refused session", errOf(s.GetSession(ctx, "p", "big")), ErrNotFound)

	// Just under the limit fits, and round-trips.
	ok := &Session{Project: "p", ID: "big", Extra: make([]byte, MaxSessionBytes-len("pbig")-1000), Steps: make([]byte, 1000)}
	ok.Extra[0], ok.Extra[len(ok.Extra)-1] = 1, 2
	must(t, "CreateSession at the limit", s.CreateSession(ctx, ok))
	got, err := s.GetSession(ctx, "p", "big")
	must(t, "GetSession", err)
	checkRecord(t, got, ok)

	next := *ok
	next.Version = 1
	next.ReplyInline = []byte("x")
	wantErr(t, "CommitSession past the limit", s.CommitSession(ctx, &next, 0), ErrTooLarge)
	got, _ = s.GetSession(ctx, "p", "big")
	if got.Version != 0 {
		t.Errorf("refused commit wrote version %d", got.Version)
	}
}

// Concurrent usage increases never pass the quota: exactly as many fit as
// the quota allows.
func testConcurrentUsage(t *testing.T, s Store) {
	const quota, delta, writers = 1000, 70, 24 // 14 fit
	must(t, "PutProject", s.PutProject(ctx, &Project{ID: "q", Quota: quota}))
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		ok     int
		others []error
	)
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.AddUsage(ctx, "q", delta)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, ErrQuota):
				others = append(others, err)
			}
		}()
	}
	wg.Wait()
	if len(others) > 0 {
		t.Fatalf("errors other than ErrQuota: %v", others)
	}
	p, err := s.GetProject(ctx, "q")
	must(t, "GetProject", err)
	if ok != quota/delta || p.Used != int64(ok*delta) {
		t.Fatalf("%d increases succeeded, used %d; want %d and %d", ok, p.Used, quota/delta, quota/delta*delta)
	}
}

// Of concurrent creates of one id, one wins; snapshots likewise.
func testConcurrentCreates(t *testing.T, s Store) {
	const writers = 8
	var wg sync.WaitGroup
	results := make([][2]error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[w][0] = s.CreateSession(ctx, &Session{Project: "p", ID: "one", LastRequest: fmt.Sprint(w)})
			results[w][1] = s.PutSnapshot(ctx, &Snapshot{Project: "p", ID: "one", Request: fmt.Sprint(w)})
		}()
	}
	wg.Wait()
	for i, what := range []string{"CreateSession", "PutSnapshot"} {
		wins := 0
		for _, r := range results {
			switch {
			case r[i] == nil:
				wins++
			case !errors.Is(r[i], ErrConflict):
				t.Fatalf("%s: %v", what, r[i])
			}
		}
		if wins != 1 {
			t.Errorf("%s: %d winners, want 1", what, wins)
		}
	}
}

// Concurrent AddEphemeral calls all land, each once.
func testConcurrentEphemeral(t *testing.T, s Store) {
	must(t, "PutConnection", s.PutConnection(ctx, &Connection{ID: "c", Project: "p"}))
	const n = 10
	var wg sync.WaitGroup
	errs := make([]error, 2*n)
	for i := range 2 * n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.AddEphemeral(ctx, "c", fmt.Sprintf("e%d", i%n))
		}()
	}
	wg.Wait()
	for _, err := range errs {
		must(t, "AddEphemeral", err)
	}
	c, err := s.GetConnection(ctx, "c")
	must(t, "GetConnection", err)
	got := slices.Clone(c.Ephemeral)
	sort.Strings(got)
	var want []string
	for i := range n {
		want = append(want, fmt.Sprintf("e%d", i))
	}
	sort.Strings(want)
	if !slices.Equal(got, want) {
		t.Errorf("ephemeral %v, want %v", got, want)
	}
}

// The round-trip records set every field, so a field added later without
// a place in the stores fails the suite instead of being dropped.
func TestFullRecordsSetEveryField(t *testing.T) {
	for _, r := range []any{fullSession("p", "s"), fullSnapshot("p", "d"), fullProject("p"), fullConnection("c")} {
		v := reflect.ValueOf(r).Elem()
		for i := range v.NumField() {
			if v.Field(i).IsZero() {
				t.Errorf("%s.%s is not set: add it to the round-trip records", v.Type().Name(), v.Type().Field(i).Name)
			}
		}
	}
}
