package core_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// db is a host object: methods, a lazy attribute, a log of calls.
type db struct {
	name string
	log  []string
}

func (d *db) CallMethod(method string, args []any, kw map[string]any) (any, error) {
	d.log = append(d.log, fmt.Sprint(method, args))
	switch method {
	case "query":
		return []any{d.name + ":" + fmt.Sprint(args[0])}, nil
	case "fail":
		return nil, &core.Exception{Type: "ValueError", Message: "bad query"}
	case "missing":
		return nil, core.ErrNotHandled
	}
	return nil, core.ErrNotHandled
}

func (d *db) LazyAttrs() []string { return []string{"version", "absent"} }

func (d *db) Attr(name string) (any, bool, error) {
	if name == "version" {
		return "1.2", true, nil
	}
	return nil, false, nil
}

// dbClass is a host class: calling it constructs a *db.
type dbClass struct{}

func (dbClass) ClassName() string { return "DB" }
func (dbClass) CallMethod(method string, args []any, kw map[string]any) (any, error) {
	if method != "__call__" {
		return nil, core.ErrNotHandled
	}
	return &db{name: fmt.Sprint(args[0])}, nil
}

func TestHostObjectProgress(t *testing.T) {
	d := &db{name: "main"}
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("r = db.query('x')\nv = db.version\nc = DB('other')\nr, v", &core.FeedOptions{Inputs: map[string]any{"db": d, "DB": dbClass{}}})
	if err != nil {
		t.Fatal(err)
	}
	// The method call suspends with the object's id and the method name.
	fc, ok := p.(*core.FunctionCall)
	if !ok || fc.Name != "query" || fc.ObjectID == 0 || !reflect.DeepEqual(fc.Args, []any{"x"}) {
		t.Fatalf("method call progress %#v", p)
	}
	dbID := fc.ObjectID
	p, err = fc.Resume([]any{"row"})
	if err != nil {
		t.Fatal(err)
	}
	// The lazy attribute suspends as a name lookup with the same id.
	nl, ok := p.(*core.NameLookup)
	if !ok || nl.Name != "version" || nl.ObjectID != dbID {
		t.Fatalf("lazy attribute progress %#v", p)
	}
	p, err = nl.Resume("9.9")
	if err != nil {
		t.Fatal(err)
	}
	// Calling a host class is a construction: "__call__" on its id.
	fc, ok = p.(*core.FunctionCall)
	if !ok || fc.Name != "__call__" || fc.ObjectID == 0 || fc.ObjectID == dbID {
		t.Fatalf("construction progress %#v", p)
	}
	p, err = fc.Resume(nil)
	completed(t, p, err, "(['row'], '9.9')")
}

func TestHostObjectResumeAuto(t *testing.T) {
	d := &db{name: "main"}
	s := core.NewSession(core.Config{})
	opts := &core.FeedOptions{Inputs: map[string]any{"db": d, "again": d, "DB": dbClass{}}}
	for _, tc := range []struct{ code, want string }{
		{"db.query(1)", "['main:1']"},
		{"q = db.query\nq(2)", "['main:2']"},
		{"db.version", "'1.2'"},
		{"db is again", "True"},
		{"db == again, db != 3", "(True, True)"},
		{"DB('x').query(3)", "['x:3']"},
		{"o = DB('y')\no is DB('y')", "False"},
		{"callable(db), callable(db.query)", "(True, True)"},
		{"try:\n    db.fail()\nexcept ValueError as e:\n    r = str(e)\nr", "'bad query'"},
		{"try:\n    db.missing()\nexcept AttributeError as e:\n    r = str(e)\nr", "\"'*core_test.db' object has no attribute 'missing'\""},
		{"try:\n    db.absent\nexcept AttributeError as e:\n    r = str(e)\nr", "\"'*core_test.db' object has no attribute 'absent'\""},
		{"try:\n    db()\nexcept TypeError as e:\n    r = str(e)\nr", "\"'*core_test.db' object is not callable\""},
		{"getattr(db, 'version')", "'1.2'"},
		{"{db: 1}[again]", "1"},
	} {
		if err := reprIs(s, tc.code, opts, tc.want); err != nil {
			t.Errorf("%q: %v", tc.code, err)
		}
	}
	// The object comes back to the host as the same Go value.
	if out := feed(t, s, "db", opts); out.Go != any(d) {
		t.Errorf("host object came back as %#v", out.Go)
	}
}

func TestHostObjectProxyAfterRestore(t *testing.T) {
	s := core.NewSession(core.Config{})
	feed(t, s, "h = db\nk = DB\nt = type(h)\nstore = [h, h]", &core.FeedOptions{Inputs: map[string]any{"db": &db{name: "main"}, "DB": dbClass{}}})
	r := restored(t, s, core.Config{})
	for _, tc := range []struct{ code, typ, msg string }{
		{"h.query('x')", "RuntimeError", "belonged to the host process before the restore"},
		{"h()", "RuntimeError", "belonged to the host process before the restore"},
		{"h.version", "AttributeError", "belonged to the host process before the restore"},
		{"k('z')", "RuntimeError", "host class 'DB' belonged to the host process before the restore"},
	} {
		_, err := r.FeedRun(tc.code, nil)
		var pe interface{ TypeName() string }
		_ = pe
		if err == nil || !strings.Contains(err.Error(), tc.typ) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: %v, want %s: ...%s", tc.code, err, tc.typ, tc.msg)
		}
	}
	// Proxies compare, print and can be stored.
	for _, tc := range []struct{ code, want string }{
		{"store[0] is store[1] is h", "True"},
		{"h == store[0], h != k", "(True, True)"},
		{"repr(h).startswith('<host object')", "True"},
		{"d = {h: 'x'}\nd[store[1]]", "'x'"},
		{"type(h) is t is type(store[0])", "True"},
		{"repr(t), isinstance(h, t), isinstance(1, t)", "('<host class *core_test.db>', True, False)"},
	} {
		out, err := r.FeedRun(tc.code, nil)
		if err != nil || out.Repr != tc.want {
			t.Errorf("%q = %s, %v; want %s", tc.code, out.Repr, err, tc.want)
		}
	}
	out := feed(t, r, "h", nil)
	if _, ok := out.Go.(core.HostStandIn); !ok {
		t.Errorf("proxy came back as %#v", out.Go)
	}
	// A value handed in after the restore is live again.
	if out := feed(t, r, "db2.query(5)", &core.FeedOptions{Inputs: map[string]any{"db2": &db{name: "new"}}}); out.Repr != "['new:5']" {
		t.Errorf("new host object: %s", out.Repr)
	}
}

func TestResumeNotHandled(t *testing.T) {
	for _, tc := range []struct {
		code, typ, msg string
		opts           *core.FeedOptions
	}{
		{"fetch(1)", "NameError", "name 'fetch' is not defined", &core.FeedOptions{Functions: map[string]core.HostFunc{"fetch": nil}}},
		{"db.query(1)", "AttributeError", "'*core_test.db' object has no attribute 'query'", &core.FeedOptions{Inputs: map[string]any{"db": &db{}}}},
	} {
		s := core.NewSession(core.Config{})
		p, err := s.FeedStart(tc.code, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		fc, ok := p.(*core.FunctionCall)
		if !ok {
			t.Fatalf("%q: progress %#v", tc.code, p)
		}
		_, err = fc.ResumeNotHandled()
		var exc *core.RuntimeError
		_ = exc
		if err == nil || !strings.Contains(err.Error(), tc.typ+": "+tc.msg) {
			t.Errorf("%q not handled: %v, want %s: %s", tc.code, err, tc.typ, tc.msg)
		}
	}
	// A host function answering ErrNotHandled under ResumeAuto is the same.
	s := core.NewSession(core.Config{})
	_, err := s.FeedRun("try:\n    f()\nexcept NameError as e:\n    print(e)\n", &core.FeedOptions{Functions: map[string]core.HostFunc{
		"f": func([]any, map[string]any) (any, error) { return nil, core.ErrNotHandled },
	}})
	if err != nil && !errors.Is(err, core.ErrNotHandled) {
		t.Error(err)
	}
}

// A snapshot paused at a host object's method call or at an OS call keeps
// what the pause is about; after the load the object is a proxy.
func TestSnapshotAtObjectAndOSCalls(t *testing.T) {
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("try:\n    db.query(1)\nexcept RuntimeError as e:\n    r = str(e)\nopen('/f').read(), r", &core.FeedOptions{Inputs: map[string]any{"db": &db{name: "main"}}})
	if err != nil {
		t.Fatal(err)
	}
	fc := p.(*core.FunctionCall)
	b, err := fc.Dump()
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewSession(core.Config{})
	q, err := r.LoadSnapshot(b, &core.FeedOptions{OS: func(op string, args []any, _ map[string]any) (any, error) { return "file " + args[0].(string), nil }})
	if err != nil {
		t.Fatal(err)
	}
	rc := q.(*core.FunctionCall)
	if rc.ObjectID != fc.ObjectID || rc.Name != "query" || rc.OSCall != "" {
		t.Fatalf("restored call %#v", rc)
	}
	q, err = r.ResumeAuto(q) // the Go value did not travel: RuntimeError at the call
	if err != nil {
		t.Fatal(err)
	}
	oc, ok := q.(*core.FunctionCall)
	if !ok || oc.OSCall != "open" {
		t.Fatalf("next progress %#v", q)
	}
	b, err = oc.Dump()
	if err != nil {
		t.Fatal(err)
	}
	r2 := core.NewSession(core.Config{})
	q, err = r2.LoadSnapshot(b, &core.FeedOptions{OS: func(op string, args []any, _ map[string]any) (any, error) { return "file " + args[0].(string), nil }})
	if err != nil {
		t.Fatal(err)
	}
	if c := q.(*core.FunctionCall); c.OSCall != "open" || c.Args[0] != "/f" {
		t.Fatalf("restored OS call %#v", c)
	}
	for err == nil {
		if c, ok := q.(*core.Complete); ok {
			if !strings.Contains(c.Output.Repr, "'file /f'") || !strings.Contains(c.Output.Repr, "before the restore") {
				t.Errorf("got %s", c.Output.Repr)
			}
			return
		}
		q, err = r2.ResumeAuto(q)
	}
	t.Fatal(err)
}
