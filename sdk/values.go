package sdk

import (
	"encoding/json"
	"strconv"

	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// The Go forms of Python values that JSON has no type for. They are core's
// own, so values move between the SDK and an in-process core unchanged.
type (
	// Tuple is a Python tuple.
	Tuple = core.Tuple
	// Set is a Python set, in iteration order.
	Set = core.Set
	// FrozenSet is a Python frozenset, in iteration order.
	FrozenSet = core.FrozenSet
	// Dict is a Python dict whose keys are not all strings, in insertion
	// order. (A dict with str keys is a map[string]any.)
	Dict = core.Dict
	// KV is one Dict entry.
	KV = core.KV
	// Opaque stands for a Python value with no Go form: its type and repr.
	Opaque = core.Opaque
	// HostStandIn stands for a host object handed in by another client
	// (or before a restore): the Go value did not travel.
	HostStandIn = core.HostStandIn
	// Exception is a Python exception by builtin type name and message.
	// A host function returns one (as its error) to raise that exception
	// in the sandbox; any other error is raised as RuntimeError. Values of
	// exceptions come back as *Exception.
	Exception = core.Exception
)

// encode puts a host value on the wire, handing host objects in by id.
func (s *Session) encode(v any) (json.RawMessage, error) {
	return protocol.EncodeValue(s.toWire(v))
}

// toWire replaces host objects, also inside lists, tuples and dicts, by
// their references.
func (s *Session) toWire(v any) any {
	switch x := v.(type) {
	case HostObject:
		if id, ok := s.hostID(x); ok {
			return protocol.HostRef(id)
		}
	case []any:
		return mapItems(x, s.toWire)
	case Tuple:
		return mapItems(x, s.toWire)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = s.toWire(e)
		}
		return out
	case Dict:
		out := make(Dict, len(x))
		for i, kv := range x {
			out[i] = KV{Key: s.toWire(kv.Key), Value: s.toWire(kv.Value)}
		}
		return out
	}
	return v
}

// mapItems is a copy of the sequence xs with f applied to each item.
func mapItems[S ~[]any](xs S, f func(any) any) S {
	out := make(S, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// decode reads a value off the wire; host objects this client handed in
// come back as themselves.
func (s *Session) decode(raw json.RawMessage) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	v, err := protocol.DecodeValue(raw)
	if err != nil {
		return nil, err
	}
	return s.fromWire(v), nil
}

func (s *Session) fromWire(v any) any {
	switch x := v.(type) {
	case HostStandIn:
		if id, err := strconv.ParseInt(x.Name, 10, 64); err == nil {
			if o := s.objects[id]; o != nil {
				return o
			}
		}
	case []any:
		for i, e := range x {
			x[i] = s.fromWire(e)
		}
	case Tuple:
		for i, e := range x {
			x[i] = s.fromWire(e)
		}
	case map[string]any:
		for k, e := range x {
			x[k] = s.fromWire(e)
		}
	case Dict:
		for i, kv := range x {
			x[i] = KV{Key: s.fromWire(kv.Key), Value: s.fromWire(kv.Value)}
		}
	}
	return v
}
