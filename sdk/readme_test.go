package sdk

import (
	"net"
	"os"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/servetest"
)

// TestReadmeSDK runs the README's "SDK (Go)" example — persist in one
// session, resume in a later one — across a restart of amber serve, with
// the same pool reconnecting to the restarted server.
func TestReadmeSDK(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "## SDK (Go)")
	if !ok {
		t.Fatal("README has no SDK (Go) section")
	}
	for _, line := range []string{
		`pool, err := sdk.Dial(ctx, "ws://127.0.0.1:8765")`,
		`s, err := pool.Checkout(ctx, &sdk.CheckoutOptions{ScriptName: "agent.py"})`,
		`_, err = s.FeedRun(ctx, "total = 40", nil)`,
		`saved, err := s.Dump(ctx)`,
		`err = s.Close(ctx)`,
		`s2, err := pool.Checkout(ctx, nil)`,
		`err = s2.LoadSession(ctx, saved)`,
		`v, err := s2.FeedRun(ctx, "total + 2", nil) // v.Go == int64(42), v.Repr == "42"`,
	} {
		if !strings.Contains(section, line) {
			t.Errorf("README's SDK section lacks %q, which this test runs", line)
		}
	}

	// A fixed port, so that the restarted server is where the pool
	// reconnects.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	dir := t.TempDir()
	srv, stop := servetest.Start(t, serve.Options{Addr: addr, DataDir: dir})

	ctx := testCtx(t)
	pool, err := Dial(ctx, srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	s, err := pool.Checkout(ctx, &CheckoutOptions{ScriptName: "agent.py"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err = s.FeedRun(ctx, "total = 40", nil); err != nil {
		t.Fatal(err)
	}
	saved, err := s.Dump(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err = s.Close(ctx); err != nil {
		t.Fatal(err)
	}

	stop()
	servetest.Start(t, serve.Options{Addr: addr, DataDir: dir})

	s2, err := pool.Checkout(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err = s2.LoadSession(ctx, saved); err != nil {
		t.Fatal(err)
	}
	v, err := s2.FeedRun(ctx, "total + 2", nil)
	if err != nil {
		t.Fatal(err)
	}
	if v.Go != int64(42) || v.Repr != "42" {
		t.Errorf("after the restart: %#v, want 42", v)
	}
}
