package serve_test

import (
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/internal/dynalite"
	"github.com/amber-sandbox/amber/internal/fakes3"
)

// The AWS-protocol tests run amber serve on dynalite (DynamoDB, an npm
// package this TestMain starts) and gofakes3 (S3, in-process). Install
// dynalite with `export AMBER_DYNALITE_DIR=$(bash .ci/dynalite.sh)`.
// Without it those tests skip with a loud message locally, and fail in CI
// (CI set) or when AMBER_DYNALITE_DIR is set.
func TestMain(m *testing.M) {
	dynalite.Main(m)
}

// needDynalite returns dynalite's URL, or skips loudly (fails in CI).
func needDynalite(t testing.TB) string {
	t.Helper()
	return dynalite.Require(t, "AMBER SERVE ON DYNAMODB NOT TESTED")
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
	f := &fakeS3{h: fakes3.Handler()}
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
