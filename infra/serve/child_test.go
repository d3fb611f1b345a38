package serve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/infra/serve"
)

// The memory tests run amber serve in a child process (this test binary,
// started again with childEnv set), so that they can read the server's
// own peak memory from /proc/PID/status (VmHWM) and a server that ran
// out of memory would not take the tests down with it.
const childEnv = "AMBER_SERVE_TEST_CHILD"

// childConfig is what a child server runs with (JSON in childEnv).
type childConfig struct {
	Keys         map[string]string
	Ceilings     engine.Ceilings
	MemoryBudget int64
	CacheBytes   int64
	ProcessSteps int // serve.Options.MaxStepsInFlight
	DataDir      string
}

// runChild is the child's main: it serves until its stdin closes or it
// is signalled, printing its address first.
func runChild(spec string) int {
	var cfg childConfig
	if err := json.Unmarshal([]byte(spec), &cfg); err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	srv, err := serve.Start(ctx, serve.Options{
		Addr: "127.0.0.1:0", DataDir: cfg.DataDir, Keys: cfg.Keys, Ceilings: cfg.Ceilings,
		MemoryBudget: cfg.MemoryBudget, CacheBytes: cfg.CacheBytes, MaxStepsInFlight: cfg.ProcessSteps,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 1
	}
	fmt.Println(srv.Addr())
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		stop()
	}()
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return 0
}

// child is a server in a child process.
type child struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	addr  string
}

// startChild starts a child server with cfg and env (extra environment,
// e.g. GOMEMLIMIT), and stops it when the test ends.
func startChild(t *testing.T, cfg childConfig, env ...string) *child {
	t.Helper()
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	spec, _ := json.Marshal(cfg)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), childEnv+"="+string(spec)), env...)
	cmd.Stderr = os.Stderr
	if !testing.Verbose() {
		cmd.Stderr = nil
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stdin: stdin}
	t.Cleanup(c.stop)
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(stdout).ReadString('\n')
		line <- strings.TrimSpace(s)
		_, _ = io.Copy(io.Discard, stdout)
	}()
	select {
	case c.addr = <-line:
	case <-time.After(60 * time.Second):
		t.Fatal("the child server did not start in 60s")
	}
	if c.addr == "" {
		t.Fatal("the child server did not start")
	}
	return c
}

func (c *child) url() string     { return "ws://" + c.addr + "/" }
func (c *child) httpURL() string { return "http://" + c.addr }

func (c *child) stop() {
	_ = c.stdin.Close()
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
