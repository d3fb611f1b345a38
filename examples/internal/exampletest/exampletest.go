// Package exampletest starts amber serve for the examples' tests.
package exampletest

import (
	"context"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/servetest"
)

// Serve runs amber serve on a free loopback port with its data in a temp
// dir, stopped when the test ends, and returns its WebSocket URL.
func Serve(t *testing.T, opts serve.Options) string {
	t.Helper()
	opts.Addr, opts.Logger = "", nil // servetest's defaults: loopback, logs discarded
	srv, _ := servetest.Start(t, opts)
	return srv.URL()
}

// Context is a context bounded for one example run.
func Context(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}
