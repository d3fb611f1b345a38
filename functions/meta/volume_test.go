package meta

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
)

// TestVolumeStores runs the VolumeStore conformance suite on bbolt and
// DynamoDB (dynalite).
func TestVolumeStores(t *testing.T) {
	for _, st := range []struct {
		name string
		open openFunc
	}{{"bolt", openTestBolt}, {"dynamo", openTestDynamo}} {
		t.Run(st.name, func(t *testing.T) {
			s := st.open(t)
			defer s.Close()
			testVolumes(t, s.(VolumeStore))
		})
	}
}

func testVolumes(t *testing.T, s VolumeStore) {
	_, err := s.GetVolume(ctx, "p", "v")
	wantErr(t, "get missing", err, ErrNotFound)
	v := &Volume{Project: "p", Name: "v", Version: 1, Root: "ab", Bytes: 10, Files: 2, Created: tBase, Updated: tLater, Extra: []byte{1, 2}}
	wantErr(t, "commit over a missing head at 3", s.CommitVolume(ctx, v, 3), ErrConflict)
	must(t, "create", s.CommitVolume(ctx, v, 0))
	wantErr(t, "create again", s.CommitVolume(ctx, v, 0), ErrConflict)
	got, err := s.GetVolume(ctx, "p", "v")
	must(t, "get", err)
	if got.Version != 1 || got.Root != "ab" || got.Bytes != 10 || got.Files != 2 || string(got.Extra) != "\x01\x02" || got.Deleted {
		t.Fatalf("got %+v", got)
	}
	sameTime(t, "updated", got.Updated, tLater)
	v2 := *v
	v2.Version, v2.Deleted = 2, true
	wantErr(t, "commit on a stale version", s.CommitVolume(ctx, &v2, 0), ErrConflict)
	must(t, "commit", s.CommitVolume(ctx, &v2, 1))
	if got, _ := s.GetVolume(ctx, "p", "v"); got.Version != 2 || !got.Deleted {
		t.Fatalf("after commit %+v", got)
	}
	// Other projects and names are apart.
	must(t, "other project", s.CommitVolume(ctx, &Volume{Project: "q", Name: "v", Version: 1}, 0))
	must(t, "other name", s.CommitVolume(ctx, &Volume{Project: "p", Name: "w", Version: 1}, 0))
	list, err := s.ListVolumes(ctx, "p")
	must(t, "list", err)
	if len(list) != 2 {
		t.Fatalf("list %+v", list)
	}
	// Volumes are not sessions or snapshots.
	if ss, _ := s.(Store).ListSessions(ctx, "p"); len(ss) != 0 {
		t.Fatalf("volumes listed as sessions: %+v", ss)
	}
	wantErr(t, "delete stale", s.DeleteVolumeRecord(ctx, "p", "v", 1), ErrConflict)
	must(t, "delete", s.DeleteVolumeRecord(ctx, "p", "v", 2))
	wantErr(t, "delete again", s.DeleteVolumeRecord(ctx, "p", "v", 2), ErrNotFound)
	wantErr(t, "too large", s.CommitVolume(ctx, &Volume{Project: "p", Name: "big", Version: 1, Extra: make([]byte, MaxVolumeBytes)}, 0), ErrTooLarge)

	// Concurrent writers on one version: exactly one wins.
	must(t, "base", s.CommitVolume(ctx, &Volume{Project: "p", Name: "c", Version: 1}, 0))
	var wg sync.WaitGroup
	wins := make(chan int, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.CommitVolume(ctx, &Volume{Project: "p", Name: "c", Version: 2, Root: fmt.Sprint(i)}, 1)
			if err == nil {
				wins <- i
			} else if !errors.Is(err, ErrConflict) {
				t.Errorf("writer %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	close(wins)
	if len(wins) != 1 {
		t.Fatalf("%d writers won one version", len(wins))
	}
}

// TestDynamoVolumeAttributes pins the attribute names of a volume head,
// which stored items depend on.
func TestDynamoVolumeAttributes(t *testing.T) {
	it := volumeItem(&Volume{Project: "p", Name: "v", Version: 1, Root: "r", Bytes: 1, Files: 1, Deleted: true, Created: tBase, Updated: tLater, Extra: []byte{1}})
	var names []string
	for name := range it {
		if name != attrPK && name != attrSK && name != attrExpiresAt {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	want := "bytes created deleted extra files name project root updated version"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("attributes\n got %s\nwant %s", got, want)
	}
	if pk, sk := it[attrPK], it[attrSK]; fmt.Sprint(pk) != fmt.Sprint(key(prefixProject+"p", "")[attrPK]) || !strings.Contains(fmt.Sprint(sk), "VOLUME#v") {
		t.Errorf("keys %v %v", pk, sk)
	}
}
