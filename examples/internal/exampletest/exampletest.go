// Package exampletest starts amber serve for the examples' tests.
package exampletest

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/infra/serve"
)

// Serve runs amber serve on a free loopback port with its data in a temp
// dir, stopped when the test ends, and returns its WebSocket URL.
func Serve(t *testing.T, opts serve.Options) string {
	t.Helper()
	opts.Addr = "127.0.0.1:0"
	opts.Logger = slog.New(slog.DiscardHandler)
	if opts.DataDir == "" {
		opts.DataDir = t.TempDir()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv, err := serve.Start(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	})
	return srv.URL()
}

// Context is a context bounded for one example run.
func Context(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}
