package main

import (
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/examples/internal/exampletest"
	"github.com/amber-sandbox/amber/infra/serve"
)

func TestVolumeRoundTrip(t *testing.T) {
	url := exampletest.Serve(t, serve.Options{})
	var out strings.Builder
	report, err := run(exampletest.Context(t), url, "", &out)
	if err != nil {
		t.Fatal(err)
	}
	if report != "east 55\nnorth 150\nsouth 80\n" {
		t.Fatalf("report %q", report)
	}
	if !strings.Contains(out.String(), "sees the report: True") {
		t.Fatalf("output:\n%s", out.String())
	}
}
