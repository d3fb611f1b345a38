package serve_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
)

// The memory tests run amber serve in a child process, so that they can
// read the server's own peak memory from /proc/PID/status (VmHWM) and a
// server that ran out of memory would not take the tests down with it.
// The child is the real command, built once without the race detector:
// under -race every byte costs several of shadow memory, and the peak
// would measure the detector, not the server.

// childConfig is what a child server runs with.
type childConfig struct {
	Keys         map[string]string
	Ceilings     engine.Ceilings
	MemoryBudget int64
	CacheBytes   int64
	ProcessSteps int // amber serve --max-process-steps
	DataDir      string
}

var (
	amberOnce sync.Once
	amberBin  string
	amberErr  error
)

// amberBinary builds cmd/amber (no race detector) once per test run.
func amberBinary(t *testing.T) string {
	t.Helper()
	amberOnce.Do(func() {
		dir, err := os.MkdirTemp("", "amber-serve-child-")
		if err != nil {
			amberErr = err
			return
		}
		amberBin = filepath.Join(dir, "amber")
		out, err := exec.Command("go", "build", "-o", amberBin, "github.com/amber-sandbox/amber/cmd/amber").CombinedOutput()
		if err != nil {
			amberErr = fmt.Errorf("go build cmd/amber: %w\n%s", err, out)
		}
	})
	if amberErr != nil {
		t.Fatal(amberErr)
	}
	return amberBin
}

// child is a server in a child process.
type child struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	addr  string
}

// startChild starts `amber serve` with cfg (as a projects file and
// flags) and env (extra environment, e.g. GOMEMLIMIT), and stops it when
// the test ends.
func startChild(t *testing.T, cfg childConfig, env ...string) *child {
	t.Helper()
	bin := amberBinary(t)
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	projects := map[string]map[string][]string{}
	for key, project := range cfg.Keys {
		if projects[project] == nil {
			projects[project] = map[string][]string{}
		}
		projects[project]["keys"] = append(projects[project]["keys"], key)
	}
	spec, err := json.Marshal(map[string]any{"ceilings": cfg.Ceilings, "projects": projects})
	if err != nil {
		t.Fatal(err)
	}
	keys := filepath.Join(t.TempDir(), "projects.json")
	if err := os.WriteFile(keys, spec, 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	args := []string{"serve", "-q", "--addr", addr, "--data", cfg.DataDir, "--keys", keys}
	if cfg.MemoryBudget > 0 {
		args = append(args, "--memory-budget", strconv.FormatInt(cfg.MemoryBudget, 10))
	}
	if cfg.CacheBytes > 0 {
		args = append(args, "--cache-bytes", strconv.FormatInt(cfg.CacheBytes, 10))
	}
	if cfg.ProcessSteps > 0 {
		args = append(args, "--max-process-steps", strconv.Itoa(cfg.ProcessSteps))
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	if testing.Verbose() {
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stdin: stdin, addr: addr}
	t.Cleanup(c.stop)
	deadline := time.Now().Add(60 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("the child server did not listen on %s in 60s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (c *child) url() string     { return "ws://" + c.addr + "/" }
func (c *child) httpURL() string { return "http://" + c.addr }

func (c *child) stop() {
	_ = c.stdin.Close()
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = c.cmd.Process.Kill()
		<-done
	}
}

// peakRSS is the child's peak resident memory (VmHWM), in bytes.
func (c *child) peakRSS(t *testing.T) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		t.Fatalf("the child's peak memory: %v", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/PID/status")
	return 0
}
