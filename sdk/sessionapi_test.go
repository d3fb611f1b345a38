package sdk

import (
	"context"
	"testing"
)

// Through the engine: a host object's method calls reach the Go value
// in the client, and OS calls reach the client's OS handler.
func TestHostObjectsAndOSCallsEndToEnd(t *testing.T) {
	s := checkout(t, inProcessServer(t)(t), nil)
	o := &hostObj{name: "db"}
	osf := func(ctx context.Context, op string, args []any, kw map[string]any) (any, error) {
		if op == "open" && args[0] == "/data/x.txt" {
			return "contents", nil
		}
		return nil, ErrNotHandled
	}
	opts := &FeedOptions{Inputs: map[string]any{"db": o, "again": o}, OS: osf}
	for _, tc := range []struct{ code, want string }{
		{"db.query('x')", "'db.query'"},
		{"db('y')", "'db.__call__'"},
		{"db is again", "True"},
		{"open('/data/x.txt').read()", "'contents'"},
		{"try:\n    open('/etc/passwd')\nexcept FileNotFoundError as e:\n    r = e.errno\nr", "2"},
	} {
		if v := feed(t, s, tc.code, opts); v.Repr != tc.want {
			t.Errorf("%q = %s, want %s", tc.code, v.Repr, tc.want)
		}
	}
}
