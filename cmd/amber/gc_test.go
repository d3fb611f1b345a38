package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
)

func TestGCCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	e, err := engine.OpenLocal(ctx, engine.LocalConfig{Dir: dir}, engine.Config{Retention: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.EnsureProject(ctx, "p"); err != nil {
		t.Fatal(err)
	}
	caller := engine.Caller{Project: "p"}
	s := e.Handle(ctx, caller, &protocol.Request{Op: protocol.OpCheckout, ID: "c"}, nil).Session
	if rep := e.Handle(ctx, caller, &protocol.Request{Op: protocol.OpFeed, ID: "f", Session: s, Code: "x = list(range(100))"}, nil); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(350 * time.Millisecond) // the session expires

	var out, errOut bytes.Buffer
	if code := gcCmd(ctx, []string{"--data", dir, "--grace", "1ns"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "expired sessions=1") || !strings.Contains(out.String(), "deleted=") {
		t.Errorf("output %q", out.String())
	}
	if code := gcCmd(ctx, []string{"extra"}, &out, &errOut); code != 2 {
		t.Errorf("stray argument: exit %d", code)
	}
}
