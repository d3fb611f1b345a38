package meta

import (
	"sort"
	"testing"
)

// TestUsageStores runs the UsageStore conformance checks on bbolt and
// DynamoDB (dynalite).
func TestUsageStores(t *testing.T) {
	for _, st := range []struct {
		name string
		open openFunc
	}{{"bolt", openTestBolt}, {"dynamo", openTestDynamo}} {
		t.Run(st.name, func(t *testing.T) {
			s := st.open(t)
			defer s.Close()
			testUsageRecords(t, s.(UsageStore))
		})
	}
}

func testUsageRecords(t *testing.T, s UsageStore) {
	_, err := s.GetUsage(ctx, "p", "a")
	wantErr(t, "get missing", err, ErrNotFound)
	r := &UsageRecord{Project: "p", ID: "a", Version: 1, Data: []byte{1, 2, 3}, Updated: tBase, Expires: tLater}
	wantErr(t, "put over a missing record at 2", s.PutUsage(ctx, r, 2), ErrConflict)
	must(t, "create", s.PutUsage(ctx, r, 0))
	wantErr(t, "create again", s.PutUsage(ctx, r, 0), ErrConflict)
	got, err := s.GetUsage(ctx, "p", "a")
	must(t, "get", err)
	if got.Version != 1 || string(got.Data) != "\x01\x02\x03" {
		t.Fatalf("got %+v", got)
	}
	sameTime(t, "updated", got.Updated, tBase)
	sameTime(t, "expires", got.Expires, tLater)
	r2 := *r
	r2.Version, r2.Data = 2, []byte{9}
	wantErr(t, "put on a stale version", s.PutUsage(ctx, &r2, 0), ErrConflict)
	must(t, "put on its version", s.PutUsage(ctx, &r2, 1))
	r3 := r2
	r3.Data = []byte{8}
	must(t, "unconditional put", s.PutUsage(ctx, &r3, -1))
	if got, _ := s.GetUsage(ctx, "p", "a"); string(got.Data) != "\x08" {
		t.Fatalf("after the unconditional put %+v", got)
	}
	must(t, "unconditional create", s.PutUsage(ctx, &UsageRecord{Project: "p", ID: "b", Version: 1}, -1))
	must(t, "other project", s.PutUsage(ctx, &UsageRecord{Project: "q", ID: "a", Version: 1}, 0))
	list, err := s.ListUsage(ctx, "p")
	must(t, "list", err)
	var ids []string
	for _, r := range list {
		ids = append(ids, r.Project+"/"+r.ID)
	}
	sort.Strings(ids)
	if len(ids) != 2 || ids[0] != "p/a" || ids[1] != "p/b" {
		t.Fatalf("list of p: %v", ids)
	}
	// Usage records are not sessions or snapshots.
	if ss, _ := s.(Store).ListSessions(ctx, "p"); len(ss) != 0 {
		t.Fatalf("usage records listed as sessions: %+v", ss)
	}
	if ss, _ := s.(Store).ListSnapshots(ctx, "p"); len(ss) != 0 {
		t.Fatalf("usage records listed as snapshots: %+v", ss)
	}
	big := &UsageRecord{Project: "p", ID: "big", Data: make([]byte, MaxUsageBytes+1)}
	wantErr(t, "put a huge record", s.PutUsage(ctx, big, -1), ErrTooLarge)
	must(t, "delete", s.DeleteUsage(ctx, "p", "a"))
	wantErr(t, "delete again", s.DeleteUsage(ctx, "p", "a"), ErrNotFound)
	wantErr(t, "get deleted", errOf(s.GetUsage(ctx, "p", "a")), ErrNotFound)
}
