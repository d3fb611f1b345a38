package serve_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/sdk"
)

// usageFile gives project "capped" a daily step cap in the projects file.
const usageFile = `{
  "projects": {
    "open":   {"keys": ["key-open"]},
    "capped": {"keys": ["key-capped"], "ceilings": {"max_steps_per_day": 5, "max_cpu_seconds_per_day": 3600}}
  }
}`

// TestUsageOverTheWire: the usage operation over WebSocket and HTTP
// (POST /v1/usage) and the Go SDK's Pool.Usage: each project sees
// exactly its own steps, also after a restart; the projects file's cap
// refuses the step past it with quota, and it commits nothing.
func TestUsageOverTheWire(t *testing.T) {
	p, err := serve.ParseProjects([]byte(usageFile))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	opts := serve.Options{DataDir: dir, Keys: p.Keys, Ceilings: p.Ceilings, ProjectCeilings: p.Projects}
	srv := startServer(t, opts)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	open, err := sdk.Dial(ctx, srv.URL(), sdk.WithAPIKey("key-open"))
	if err != nil {
		t.Fatal(err)
	}
	defer open.Close()
	capped, err := sdk.DialHTTP(ctx, srv.HTTPURL(), sdk.WithAPIKey("key-capped"))
	if err != nil {
		t.Fatal(err)
	}
	defer capped.Close()

	feeds := func(pool *sdk.Pool, n int) *sdk.Session {
		s, err := pool.Checkout(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if _, err := s.FeedRun(ctx, fmt.Sprintf("x = %d", i), nil); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	feeds(open, 7)
	s := feeds(capped, 5)
	_, err = s.FeedRun(ctx, "x = 'past the cap'", nil)
	if !errors.Is(err, sdk.ErrQuota) || !strings.Contains(err.Error(), "5 steps of today") {
		t.Fatalf("the sixth step: %v", err)
	}

	check := func(when string) {
		t.Helper()
		for _, c := range []struct {
			pool  *sdk.Pool
			steps int64
			caps  protocol.UsageCaps
		}{
			{open, 7, protocol.UsageCaps{}},
			{capped, 5, protocol.UsageCaps{MaxStepsPerDay: 5, MaxCPUSecondsPerDay: 3600}},
		} {
			u, err := c.pool.Usage(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			last := u.Days[len(u.Days)-1]
			if len(u.Days) != 31 || last.Steps != c.steps || u.Totals.Steps != c.steps || u.Caps != c.caps || last.CPUMs <= 0 {
				t.Errorf("%s: usage today %+v totals %+v caps %+v, want %d steps", when, last, u.Totals, u.Caps, c.steps)
			}
		}
		// The HTTP API's POST /v1/usage, with each key: its own only.
		for key, want := range map[string]int64{"key-open": 7, "key-capped": 5} {
			code, rep := postHTTP(t, srv, "usage", key, `{"id":"u-`+key+`","days":1}`)
			if code != http.StatusOK || rep.Usage == nil || len(rep.Usage.Days) != 1 || rep.Usage.Totals.Steps != want {
				t.Errorf("%s: POST /v1/usage as %s: %d %+v", when, key, code, rep)
			}
		}
	}
	check("before the restart")
	if code, rep := postHTTP(t, srv, "usage", "key-open", `{"id":"bad","days":99}`); code != http.StatusBadRequest || rep.Error == nil {
		t.Errorf("days 99: %d %+v", code, rep)
	}
	code, _ := postHTTP(t, srv, "usage", "", `{"id":"nokey"}`)
	if code != http.StatusUnauthorized {
		t.Errorf("usage without a key: HTTP %d", code)
	}

	open.Close()
	capped.Close()
	shutdown(t, srv)
	srv = startServer(t, opts)
	if open, err = sdk.Dial(ctx, srv.URL(), sdk.WithAPIKey("key-open")); err != nil {
		t.Fatal(err)
	}
	defer open.Close()
	if capped, err = sdk.Dial(ctx, srv.URL(), sdk.WithAPIKey("key-capped")); err != nil {
		t.Fatal(err)
	}
	defer capped.Close()
	check("after the restart")
}
