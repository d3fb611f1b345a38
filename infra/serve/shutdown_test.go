package serve_test

import (
	"context"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/infra/serve"
)

// Shutdown may be called more than once (a deferred cleanup after an
// explicit shutdown): the second call returns the first one's result.
func TestShutdownTwice(t *testing.T) {
	srv, err := serve.Start(context.Background(), serve.Options{Addr: "127.0.0.1:0", DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("second Shutdown: %v", err)
	}
}
