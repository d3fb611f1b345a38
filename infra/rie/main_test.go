package rie_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/amber-sandbox/amber/infra/rie"
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

func startDynalite() (stop func()) {
	stop = func() {}
	node, err := exec.LookPath("node")
	if err != nil {
		dynaliteErr = "node is not installed"
		return
	}
	dir := os.Getenv("AMBER_DYNALITE_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", ".cache", "node", "node_modules", "dynalite")
	}
	cli := filepath.Join(dir, "cli.js")
	if _, err := os.Stat(cli); err != nil {
		dynaliteErr = fmt.Sprintf("dynalite not found at %s (run: export AMBER_DYNALITE_DIR=$(bash .ci/dynalite.sh))", dir)
		return
	}
	addr, err := rie.FreeAddr()
	if err != nil {
		dynaliteErr = err.Error()
		return
	}
	_, port, _ := net.SplitHostPort(addr)
	cmd := exec.Command(node, cli, "--host", "127.0.0.1", "--port", port,
		"--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0")
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		dynaliteErr = "start dynalite: " + err.Error()
		return
	}
	go func() { // drain its banner
		sc := bufio.NewScanner(out)
		for sc.Scan() {
		}
	}()
	stop = func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			dynaliteErr = "dynalite did not open its port: " + err.Error()
			stop()
			return func() {}
		}
		time.Sleep(50 * time.Millisecond)
	}
	dynaliteURL = "http://" + addr
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
