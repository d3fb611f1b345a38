// Package dynalite starts dynalite — a DynamoDB implementation from npm —
// on a loopback port for the tests of the packages that speak DynamoDB
// (cas, functions/meta, functions/engine, infra/serve, infra/rie).
//
// .ci/dynalite.sh installs it and prints its folder; tests find it through
// $AMBER_DYNALITE_DIR or the folder that script installs into. Start never
// fails: a Server that is not running says why, and each test decides to
// skip loudly (on a developer's machine without it) or fail (in CI, where
// it must run).
package dynalite

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Server is a running dynalite, or the reason there is none.
type Server struct {
	URL string // http://127.0.0.1:PORT; "" when not running
	Err string // why it is not running
	// Need reports that a missing dynalite is a failure, not a skip: in
	// CI, or when AMBER_DYNALITE_DIR names an installation.
	Need bool
}

// Start runs dynalite on a free loopback port and waits until it listens.
// stop ends it; call it after the tests.
func Start() (srv *Server, stop func()) {
	srv = &Server{Need: os.Getenv("CI") != "" || os.Getenv("AMBER_DYNALITE_DIR") != ""}
	stop = func() {}
	node, err := exec.LookPath("node")
	if err != nil {
		srv.Err = "node is not installed"
		return srv, stop
	}
	dir := packageDir()
	cli := filepath.Join(dir, "cli.js")
	if _, err := os.Stat(cli); err != nil {
		srv.Err = fmt.Sprintf("dynalite not found at %s (run: export AMBER_DYNALITE_DIR=$(bash .ci/dynalite.sh))", dir)
		return srv, stop
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		srv.Err = "no free port: " + err.Error()
		return srv, stop
	}
	addr := l.Addr().String()
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(node, cli, "--host", "127.0.0.1", "--port", fmt.Sprint(port),
		"--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0")
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		srv.Err = "start dynalite: " + err.Error()
		return srv, stop
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
			srv.Err = "dynalite did not open its port: " + err.Error()
			stop()
			return srv, func() {}
		}
		time.Sleep(50 * time.Millisecond)
	}
	srv.URL = "http://" + addr
	return srv, stop
}

// packageDir is dynalite's package folder: $AMBER_DYNALITE_DIR, or where
// .ci/dynalite.sh installs it under the module root.
func packageDir() string {
	if d := os.Getenv("AMBER_DYNALITE_DIR"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, ".cache", "node", "node_modules", "dynalite")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// shared is the dynalite of this test process, started by Main.
var shared Server

// Main is the whole TestMain of a package whose tests share one dynalite:
// it starts it, runs the tests, stops it and exits with their code.
func Main(m *testing.M) {
	s, stop := Start()
	shared = *s
	code := m.Run()
	stop()
	os.Exit(code)
}

// Shared is the dynalite Main started; its Err says why it is not
// running.
func Shared() *Server { return &shared }

// Require is Shared().Require: the URL of the dynalite Main started, or
// the end of the test.
func Require(t testing.TB, what string) string {
	t.Helper()
	return shared.Require(t, what)
}

// Require returns the URL of a running dynalite. When there is none it
// ends the test: a failure when s.Need, otherwise a skip announced loudly
// on stderr as "*** what: why ***", so that untested code is not missed.
func (s *Server) Require(t testing.TB, what string) string {
	t.Helper()
	if s.URL == "" {
		msg := "\n*** " + what + ": " + s.Err + " ***\n"
		if s.Need {
			t.Fatal(msg)
		}
		fmt.Fprint(os.Stderr, msg)
		t.Skip(strings.TrimSpace(msg))
	}
	return s.URL
}

var tableSeq atomic.Int64

// Table names a table no other test of this process uses, so that tests
// sharing one dynalite never see each other's items: prefix and a number.
func Table(prefix string) string {
	return fmt.Sprintf("%s%d", prefix, tableSeq.Add(1))
}
