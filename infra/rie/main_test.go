package rie_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/amber-sandbox/amber/infra/rie"
	"github.com/amber-sandbox/amber/internal/dynalite"
)

// dynalite (npm), started by TestMain on a loopback port, is the DynamoDB
// the emulated functions use; dynaliteErr says why it is not running.
var (
	dynaliteURL string
	dynaliteErr string
)

// ci: in CI a missing dynalite or emulator fails the tests instead of
// skipping them.
var ci = os.Getenv("CI") != ""

func TestMain(m *testing.M) {
	stop := startDynalite()
	code := m.Run()
	stop()
	os.Exit(code)
}

// need fails (in CI) or loudly skips a test that cannot run here.
func need(t *testing.T, ok bool, why string) {
	t.Helper()
	if ok {
		return
	}
	msg := "*** EMULATOR TEST NOT RUN: " + why + " ***"
	if ci || os.Getenv("AMBER_DYNALITE_DIR") != "" {
		t.Fatal(msg)
	}
	fmt.Fprintln(os.Stderr, msg)
	t.Skip(msg)
}

// needAll checks dynalite and the emulator.
func needAll(t *testing.T) {
	t.Helper()
	need(t, dynaliteURL != "", dynaliteErr)
	_, err := rie.Binary()
	need(t, err == nil, fmt.Sprint(err))
}

// startDynalite starts the shared dynalite (internal/dynalite).
func startDynalite() (stop func()) {
	srv, stop := dynalite.Start()
	dynaliteURL, dynaliteErr = srv.URL, srv.Err
	return stop
}

// startS3 runs gofakes3 (a real S3 protocol server) in this process on a
// loopback port; the emulated function reaches it by URL.
func startS3(t *testing.T) string {
	t.Helper()
	faker := gofakes3.New(s3mem.New(), gofakes3.WithAutoBucket(true), gofakes3.WithLogger(gofakes3.DiscardLog()))
	srv := httptest.NewServer(faker.Server())
	t.Cleanup(srv.Close)
	return srv.URL
}

var tables atomic.Int64

// tableName gives each test (and each run of it) its own table in the
// shared dynalite.
func tableName(t *testing.T) string {
	name := strings.ToLower(strings.NewReplacer("/", "-", "_", "-").Replace(t.Name()))
	return fmt.Sprintf("amber-%s-%d", name, tables.Add(1))
}
