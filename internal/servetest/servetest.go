// Package servetest starts amber serve (infra/serve) for the tests of the
// packages that talk to it: the SDK, the Workbench, the examples.
package servetest

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/infra/serve"
)

// Start runs amber serve with opts — on a free loopback port, over a fresh
// embedded store in a temp dir and with its logs discarded, where opts
// leave Addr, DataDir or Logger unset — and shuts it down when the test
// ends, or earlier by stop (which runs once). A failed start or shutdown
// fails the test.
func Start(t testing.TB, opts serve.Options) (srv *serve.Server, stop func()) {
	t.Helper()
	srv = Open(t, opts)
	var once sync.Once
	stop = func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := srv.Shutdown(ctx); err != nil {
				t.Errorf("Shutdown: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return srv, stop
}

// Open starts amber serve as Start does but leaves its shutdown to the
// caller, for tests of the shutdown itself.
func Open(t testing.TB, opts serve.Options) *serve.Server {
	t.Helper()
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	if opts.DataDir == "" {
		opts.DataDir = t.TempDir()
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv, err := serve.Start(ctx, opts)
	if err != nil {
		t.Fatalf("serve.Start: %v", err)
	}
	return srv
}
