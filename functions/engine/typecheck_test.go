package engine

import (
	"testing"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// A session checked out with type checking fails a feed with a finding
// as a syntax-kind error, before any of it runs; the session stays usable.
func TestTypeCheckedSession(t *testing.T) {
	h := newHarness(t, backends[0], nil)
	s := h.ok(protocol.Request{Op: protocol.OpCheckout, TypeCheck: true}).Session
	h.feed(s, "x = 1")
	rep := h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "x = 2\nundefined_name"}, protocol.KindSyntax, "name 'undefined_name' is not defined")
	if rep.Error.Type != "TypeCheckError" {
		t.Errorf("error %+v", rep.Error)
	}
	if got := h.value(s, "x"); got != "1" {
		t.Errorf("x = %s after a rejected feed, want 1", got)
	}
}
