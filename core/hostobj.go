package core

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// HostObject is a Go value handed into the sandbox (as an input, a host
// function's result or a name's value) whose methods the sandbox can call.
// A call obj.m(...) suspends as a *FunctionCall with ObjectID set and Name
// "m"; calling the object itself suspends with Name "__call__". ResumeAuto
// (and so FeedRun) answers such calls with CallMethod: dispatch goes
// through this small interface, never through reflection, so the host
// decides exactly which methods exist.
//
// Any other Go value with no Python form also enters as a host object: it
// can be held, compared and passed back, and its method calls still
// suspend, but ResumeAuto answers them as not handled (AttributeError).
//
// The same Go value handed in twice is the same Python object (for values
// Go can compare). After a dump and a load, host objects are proxies:
// their method calls raise RuntimeError, their lazy attributes
// AttributeError, each saying the object belonged to the host process
// before the restore. Hand the Go value in again to use it.
type HostObject interface {
	CallMethod(method string, args []any, kwargs map[string]any) (any, error)
}

// HostAttrs is implemented by host objects with lazy attributes: a read of
// one of LazyAttrs suspends as a *NameLookup with ObjectID set, which
// ResumeAuto answers with Attr (ok=false raises AttributeError). Other
// attribute reads give bound methods.
type HostAttrs interface {
	LazyAttrs() []string
	Attr(name string) (v any, ok bool, err error)
}

// HostClass is a host object that stands for a class: calling it in the
// sandbox is a construction, the "__call__" method, whose result is
// typically another host object. After a restore, constructing it raises
// RuntimeError.
type HostClass interface {
	HostObject
	ClassName() string
}

// hostRegistry remembers the host objects of this run, so the same Go
// value is always the same Python object.
type hostRegistry struct {
	byID   map[int64]any     // object id -> Go value (live objects of this run)
	byKey  map[any]hostEntry // Go value (or HostStandIn) -> its object
	nextID int64             // last object id issued; travels with dumps
}

// hostObject returns the Python object for the Go value x.
func (s *Session) hostObject(x any) vm.Value {
	r := &s.hosts
	if v, ok := r.lookup(s.m, x); ok {
		return v
	}
	o := &heap.HostObject{Name: fmt.Sprintf("%T", x), Index: -1}
	if c, ok := x.(HostClass); ok {
		o.Name, o.Class = c.ClassName(), true
	}
	if a, ok := x.(HostAttrs); ok {
		o.Lazy = append([]string(nil), a.LazyAttrs()...)
	}
	if sb, ok := x.(HostStandIn); ok {
		if id, err := strconv.ParseInt(sb.Name, 10, 64); err == nil && strconv.FormatInt(id, 10) == sb.Name {
			// A client's object by id (the wire's {"$host": id}).
			o.Name, o.ID, o.Remote = "host", id, true
		} else {
			// A proxy's name: it stays a proxy.
			o.Name = sb.Name
		}
	} else {
		r.nextID++
		o.ID = r.nextID
		s.hostObjs = append(s.hostObjs, x)
		o.Index = int32(len(s.hostObjs) - 1)
		if r.byID == nil {
			r.byID = map[int64]any{}
		}
		r.byID[o.ID] = x
	}
	v := s.m.H.Alloc(o)
	r.remember(s.m, x, v)
	return v
}

func (r *hostRegistry) lookup(m *vm.VM, x any) (v vm.Value, ok bool) {
	defer func() {
		if recover() != nil { // an uncomparable value cannot be a key
			ok = false
		}
	}()
	e, ok := r.byKey[x]
	if !ok {
		return v, false
	}
	// The object may have been collected since, its handle reused.
	if o, isHost := m.H.At(e.v.H()).(*heap.HostObject); !isHost || o != e.o {
		delete(r.byKey, x)
		return v, false
	}
	return e.v, true
}

type hostEntry struct {
	v vm.Value
	o *heap.HostObject
}

func (r *hostRegistry) remember(m *vm.VM, x any, v vm.Value) {
	defer func() { _ = recover() }()
	if r.byKey == nil {
		r.byKey = map[any]hostEntry{}
	}
	r.byKey[x] = hostEntry{v, m.H.Get(v).(*heap.HostObject)}
}

// hostValue is the Go value of the live host object id, if any.
func (s *Session) hostValue(id int64) (any, bool) {
	x, ok := s.hosts.byID[id]
	return x, ok
}

// goHost is the Go form of a host object: the Go value while it lives, a
// HostStandIn after a restore (its id for a client's object).
func (s *Session) goHost(o *heap.HostObject) any {
	if i := int(o.Index); i >= 0 && i < len(s.hostObjs) {
		return s.hostObjs[i]
	}
	if o.Remote {
		return HostStandIn{Name: strconv.FormatInt(o.ID, 10)}
	}
	return HostStandIn{Name: o.Name}
}

// hostTypeName names the host object id for messages.
func (s *Session) hostTypeName(id int64) string {
	if x, ok := s.hostValue(id); ok {
		if c, ok := x.(HostClass); ok {
			return c.ClassName()
		}
		return fmt.Sprintf("%T", x)
	}
	return "host"
}

// autoObjectCall answers a method call on a host object for ResumeAuto.
func (s *Session) autoObjectCall(p *FunctionCall) (Progress, error) {
	x, ok := s.hostValue(p.ObjectID)
	if !ok {
		return p.ResumeError(&Exception{Type: "RuntimeError", Message: fmt.Sprintf("host object %d belonged to the host process before the restore; its methods cannot be called here", p.ObjectID)})
	}
	h, ok := x.(HostObject)
	if !ok {
		return p.ResumeNotHandled()
	}
	if err := p.base().checkLive(); err != nil {
		return nil, err
	}
	v, err := h.CallMethod(p.Name, p.Args, p.Kwargs)
	if errors.Is(err, ErrNotHandled) {
		return p.ResumeNotHandled()
	}
	if err != nil {
		return p.ResumeError(err)
	}
	return p.Resume(v)
}

// autoObjectAttr answers a lazy attribute read for ResumeAuto.
func (s *Session) autoObjectAttr(p *NameLookup) (Progress, error) {
	x, _ := s.hostValue(p.ObjectID)
	a, ok := x.(HostAttrs)
	if !ok {
		return p.ResumeUndefined()
	}
	if err := p.base().checkLive(); err != nil {
		return nil, err
	}
	v, ok, err := a.Attr(p.Name)
	if err != nil {
		if err2 := p.claim(); err2 != nil {
			return nil, err2
		}
		return s.step(s.m.ResumeRaise(s.excValue(err)))
	}
	if !ok {
		return p.ResumeUndefined()
	}
	return p.Resume(v)
}
