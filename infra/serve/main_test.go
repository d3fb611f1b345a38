package serve_test

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/amber-sandbox/amber/internal/dynalite"
)

// The AWS-protocol tests run amber serve on dynalite (DynamoDB, an npm
// package this TestMain starts) and gofakes3 (S3, in-process). Install
// dynalite with `export AMBER_DYNALITE_DIR=$(bash .ci/dynalite.sh)`.
// Without it those tests skip with a loud message locally, and fail in CI
// (CI set) or when AMBER_DYNALITE_DIR is set.
var (
	dynaliteURL  string
	dynaliteErr  string
	dynaliteNeed bool
	tableSeq     atomic.Int64
)

func TestMain(m *testing.M) {
	stop := runDynalite()
	code := m.Run()
	stop()
	os.Exit(code)
}

// runDynalite starts the shared dynalite (internal/dynalite).
func runDynalite() (stop func()) {
	srv, stop := dynalite.Start()
	dynaliteURL, dynaliteErr = srv.URL, srv.Err
	dynaliteNeed = srv.Need
	return stop
}

// needDynalite returns dynalite's URL, or skips loudly (fails in CI).
func needDynalite(t testing.TB) string {
	t.Helper()
	if dynaliteURL == "" {
		msg := "\n*** AMBER SERVE ON DYNAMODB NOT TESTED: " + dynaliteErr + " ***\n"
		if dynaliteNeed {
			t.Fatal(msg)
		}
		fmt.Fprint(os.Stderr, msg)
		t.Skip(strings.TrimSpace(msg))
	}
	return dynaliteURL
}

// fakeS3 is gofakes3 on a loopback port that can be stopped and started
// again on the same address (to make the store fail and then recover).
type fakeS3 struct {
	addr string
	h    http.Handler
	srv  *http.Server
}

func startFakeS3(t testing.TB) *fakeS3 {
	t.Helper()
	f := &fakeS3{h: gofakes3.New(s3mem.New(), gofakes3.WithAutoBucket(true), gofakes3.WithLogger(gofakes3.DiscardLog())).Server()}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f.addr = l.Addr().String()
	f.serve(l)
	t.Cleanup(f.stop)
	return f
}

func (f *fakeS3) URL() string { return "http://" + f.addr }

func (f *fakeS3) serve(l net.Listener) {
	f.srv = &http.Server{Handler: f.h}
	go f.srv.Serve(l)
}

func (f *fakeS3) stop() {
	if f.srv != nil {
		_ = f.srv.Close()
		f.srv = nil
	}
}

func (f *fakeS3) restart(t testing.TB) {
	t.Helper()
	var l net.Listener
	var err error
	for deadline := time.Now().Add(5 * time.Second); ; {
		if l, err = net.Listen("tcp", f.addr); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("fake S3 cannot listen on %s again: %v", f.addr, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	f.serve(l)
}
