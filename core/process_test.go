package core_test

import (
	"errors"
	"os"
	"os/exec"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// TestDisableModuleBase runs its checks in a child process, because the
// switch is process-wide and the other tests want the base.
func TestDisableModuleBase(t *testing.T) {
	if os.Getenv("AMBER_TEST_NO_MODULE_BASE") == "1" {
		noModuleBaseChild(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestDisableModuleBase$", "-test.v")
	cmd.Env = append(os.Environ(), "AMBER_TEST_NO_MODULE_BASE=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child process: %v\n%s", err, out)
	}
}

func noModuleBaseChild(t *testing.T) {
	if err := core.DisableModuleBase(); err != nil {
		t.Fatalf("before the first session: %v", err)
	}
	s := core.NewSession(core.Config{})
	got, err := s.FeedRun(sixImports+"json.dumps(config, sort_keys=True) + when.isoformat()", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"name": "agent", "retries": 3}2024-01-02`; got.Repr != "'"+want+"'" {
		t.Errorf("got %s, want %q", got.Repr, want)
	}
	// Without the base the imported modules travel in the dump, and the
	// dump still loads in this process.
	b, err := s.Dump()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 64<<10 {
		t.Errorf("the dump is %d bytes: the modules should be in it without the base", len(b))
	}
	l := viaDump(t, s, 0)
	if got, err := l.FeedRun("pattern.findall('a1b22') + [seen['a']]", nil); err != nil || got.Repr != "['1', '22', 5]" {
		t.Errorf("after load: %v, %v", got, err)
	}
	if err := core.DisableModuleBase(); !errors.Is(err, core.ErrTooLate) {
		t.Errorf("after the first session: %v, want ErrTooLate", err)
	}
}
