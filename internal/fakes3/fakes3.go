// Package fakes3 serves gofakes3 — a real S3 protocol server, in memory and
// in process — for the tests of the packages that speak S3 (cas,
// functions/engine, infra/serve, infra/rie).
package fakes3

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Handler is a fresh, empty S3: buckets are created on first use, and
// nothing is logged.
func Handler() http.Handler {
	return gofakes3.New(s3mem.New(), gofakes3.WithAutoBucket(true), gofakes3.WithLogger(gofakes3.DiscardLog())).Server()
}

// Start serves h (a fresh Handler when nil) on a loopback port until the
// test ends and returns its URL.
func Start(t testing.TB, h http.Handler) string {
	t.Helper()
	if h == nil {
		h = Handler()
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("test S3 server not on loopback: %s", srv.URL)
	}
	return srv.URL
}
