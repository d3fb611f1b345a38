package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/examples/internal/exampletest"
	"github.com/amber-sandbox/amber/infra/serve"
)

func TestApprovalGate(t *testing.T) {
	for _, tc := range []struct {
		approve bool
		want    string
	}{
		{true, "sent 250 to bob: receipt-0001"},
		{false, "not sent: transfer denied by the reviewer"},
	} {
		state := filepath.Join(t.TempDir(), "pending.txt")
		var out strings.Builder
		// The first process pauses at the transfer and exits...
		url := exampletest.Serve(t, serve.Options{})
		if err := request(exampletest.Context(t), url, "", state, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "waiting for approval: transfer") {
			t.Fatalf("first process printed:\n%s", out.String())
		}
		if _, err := os.Stat(state); err != nil {
			t.Fatal(err)
		}
		// ...and the second one, after a person decided, resumes it.
		got, err := decide(exampletest.Context(t), url, "", state, tc.approve, &out)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want || !strings.Contains(out.String(), tc.want+"\n") {
			t.Errorf("approve=%v: %q, want %q\n%s", tc.approve, got, tc.want, out.String())
		}
		if _, err := os.Stat(state); !os.IsNotExist(err) {
			t.Errorf("state file left behind: %v", err)
		}
	}
}

// The gate as it is used: the first process exits while the call waits,
// and a second process resumes it.
func TestApprovalGateAcrossProcesses(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "approval")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	url := exampletest.Serve(t, serve.Options{})
	state := filepath.Join(t.TempDir(), "pending.txt")
	runBin := func(args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(exampletest.Context(t), bin, append([]string{"-url", url, "-state", state}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("approval %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	if out := runBin(); !strings.Contains(out, "waiting for approval: transfer") {
		t.Fatalf("first process:\n%s", out)
	}
	if out := runBin("-approve"); !strings.Contains(out, "sent 250 to bob: receipt-0001") {
		t.Fatalf("second process:\n%s", out)
	}
}
