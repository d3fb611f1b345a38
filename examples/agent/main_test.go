package main

import (
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/examples/internal/exampletest"
	"github.com/amber-sandbox/amber/infra/serve"
)

func TestAgentLoop(t *testing.T) {
	url := exampletest.Serve(t, serve.Options{})
	var out strings.Builder
	answer, err := run(exampletest.Context(t), url, "", "Which sandbox keeps Python state between calls?", &out)
	if err != nil {
		t.Fatal(err)
	}
	if answer != corpus[1] {
		t.Errorf("answer %q, want %q\n%s", answer, corpus[1], out.String())
	}
	for _, want := range []string{"2 hits\n", "1 more\n", "best: " + corpus[1]} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("transcript lacks %q:\n%s", want, out.String())
		}
	}
}
