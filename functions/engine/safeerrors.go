package engine

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// decodeValue decodes an encoded value from a request and checks that the
// sandbox can hold it: a set member or dict key that Python cannot hash
// (a list, dict or set) is a malformed request, not a step's error.
func decodeValue(raw json.RawMessage) (any, error) {
	v, err := protocol.DecodeValueOrdered(raw)
	if err != nil {
		return nil, err
	}
	if err := checkHashables(v, "$"); err != nil {
		return nil, err
	}
	return v, nil
}

func checkHashables(v any, path string) error {
	switch v := v.(type) {
	case []any:
		for i, x := range v {
			if err := checkHashables(x, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case core.Tuple:
		return checkHashables([]any(v), path+".$tuple")
	case map[string]any:
		for k, x := range v {
			if err := checkHashables(x, path+"."+k); err != nil {
				return err
			}
		}
	case core.Set, core.FrozenSet:
		items, tag := []any(nil), ""
		if s, ok := v.(core.Set); ok {
			items, tag = s, "$set"
		} else {
			items, tag = v.(core.FrozenSet), "$frozenset"
		}
		for i, x := range items {
			p := fmt.Sprintf("%s.%s[%d]", path, tag, i)
			if !hashable(x) {
				return &protocol.ValueError{Path: p, Reason: "a set member must be hashable, not " + typeName(x)}
			}
			if err := checkHashables(x, p); err != nil {
				return err
			}
		}
	case core.Dict:
		for i, kv := range v {
			p := fmt.Sprintf("%s.$dict[%d]", path, i)
			if !hashable(kv.Key) {
				return &protocol.ValueError{Path: p, Reason: "a dict key must be hashable, not " + typeName(kv.Key)}
			}
			if err := checkHashables(kv.Key, p+"[0]"); err != nil {
				return err
			}
			if err := checkHashables(kv.Value, p+"[1]"); err != nil {
				return err
			}
		}
	}
	return nil
}

// hashable reports whether Python can hash a decoded value: not a list,
// dict or set, nor a tuple holding one.
func hashable(v any) bool {
	switch v := v.(type) {
	case []any, map[string]any, core.Dict, core.Set:
		return false
	case core.Tuple:
		for _, x := range v {
			if !hashable(x) {
				return false
			}
		}
	}
	return true
}

func typeName(v any) string {
	switch v.(type) {
	case []any:
		return "a list"
	case map[string]any, core.Dict:
		return "a dict"
	case core.Set:
		return "a set"
	case core.Tuple:
		return "a tuple holding a list, dict or set"
	case *big.Int:
		return "an int"
	}
	return fmt.Sprintf("%T", v)
}

// internalError is an error the engine did not expect (a store failure, a
// bug, a panic): its details go to the log, never to the client.
type internalError struct {
	op    string
	value any    // the panic's value
	stack []byte // the panic's stack
}

func (e *internalError) Error() string { return fmt.Sprintf("engine: panic in %s: %v", e.op, e.value) }

// safe returns err as it goes on the wire. An internal error gets a
// correlation id and a short message; its details (the error, a panic's
// stack) are logged, as JSON when the logger writes JSON, under the same id.
func (e *Engine) safe(ctx context.Context, caller Caller, req *protocol.Request, err error) *protocol.Error {
	pe := asProtocolError(err)
	if pe.Kind != protocol.KindInternal {
		return pe
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	attrs := []any{"correlation_id", id, "project", caller.Project, "op", req.Op, "request_id", req.ID, "session", req.Session, "err", err.Error()}
	var ie *internalError
	if errors.As(err, &ie) {
		attrs = append(attrs, "stack", string(ie.stack))
	}
	e.cfg.Logger.ErrorContext(ctx, "internal error", attrs...)
	msg := "internal error; retry with the same id"
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		msg = "the step ran out of time before it committed; retry with the same id"
	}
	return &protocol.Error{Kind: protocol.KindInternal, Message: msg + " (correlation id " + id + ")", CorrelationID: id}
}
