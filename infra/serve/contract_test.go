package serve_test

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// TestSchemaMatchesProtocol: docs/protocol.schema.json documents exactly
// the fields of functions/protocol's types, and its enums are the
// constants the code uses.
func TestSchemaMatchesProtocol(t *testing.T) {
	s := loadSchemas(t)
	types := []struct {
		def string
		typ any
	}{
		{"request", protocol.Request{}},
		{"reply", protocol.Reply{}},
		{"event", protocol.Event{}},
		{"error", protocol.Error{}},
		{"part", protocol.Part{}},
		{"limits", protocol.Limits{}},
		{"exception", protocol.Exception{}},
		{"future_result", protocol.FutureResult{}},
		{"snapshot_info", protocol.SnapshotInfo{}},
		{"quota", protocol.Quota{}},
		{"step_stats", protocol.StepStats{}},
		{"mount", protocol.Mount{}},
		{"volume_info", protocol.VolumeInfo{}},
		{"volume_file", protocol.VolumeFile{}},
		{"usage", protocol.Usage{}},
		{"usage_day", protocol.UsageDay{}},
		{"usage_caps", protocol.UsageCaps{}},
	}
	for _, tt := range types {
		def, err := s.Resolve("protocol.schema.json", "/$defs/"+tt.def)
		if err != nil {
			t.Fatal(err)
		}
		props := def.(map[string]any)["properties"].(map[string]any)
		var inSchema []string
		for name := range props {
			inSchema = append(inSchema, name)
		}
		sort.Strings(inSchema)
		inGo := jsonFields(reflect.TypeOf(tt.typ))
		if !reflect.DeepEqual(inSchema, inGo) {
			t.Errorf("%s: schema properties %v, Go fields %v", tt.def, inSchema, inGo)
		}
	}

	enums := []struct {
		ptr  string
		want []string
	}{
		{"/$defs/request/properties/op", []string{protocol.OpCheckout, protocol.OpFeed, protocol.OpResume, protocol.OpResumeFutures,
			protocol.OpContinue, protocol.OpDump, protocol.OpLoadSession, protocol.OpLoadSnapshot, protocol.OpClose,
			protocol.OpSnapshots, protocol.OpDeleteSnapshot, protocol.OpHistory, protocol.OpUsage,
			protocol.OpVolumeList, protocol.OpVolumeRead, protocol.OpVolumeWrite, protocol.OpVolumeDelete}},
		{"/$defs/reply/properties/progress", []string{protocol.ProgressComplete, protocol.ProgressFunctionCall,
			protocol.ProgressNameLookup, protocol.ProgressFutures, protocol.ProgressRunning}},
		{"/$defs/error/properties/kind", []string{protocol.KindPython, protocol.KindSyntax, protocol.KindLimit,
			protocol.KindUnknownSession, protocol.KindEphemeral, protocol.KindConflict, protocol.KindWrongLoader,
			protocol.KindNotFresh, protocol.KindAlreadyResumed, protocol.KindQuota, protocol.KindTooLarge,
			protocol.KindBadRequest, protocol.KindUnauthorized, protocol.KindInternal, protocol.KindNotFound}},
	}
	for _, e := range enums {
		node, err := s.Resolve("protocol.schema.json", e.ptr)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range node.(map[string]any)["enum"].([]any) {
			got = append(got, v.(string))
		}
		sort.Strings(got)
		want := append([]string(nil), e.want...)
		sort.Strings(want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: schema enum %v, code %v", e.ptr, got, want)
		}
	}
}

func jsonFields(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// TestSchemaValidates: the schema (and this test's validator) accept the
// messages the protocol's types produce and refuse malformed ones.
func TestSchemaValidates(t *testing.T) {
	s := loadSchemas(t)
	callID := int64(3)
	big := make([]byte, 0, 200<<10)
	big = append(big, `{"id":"r","ok":true,"progress":"complete","value":"`...)
	big = append(big, strings.Repeat("é", 100<<10)...)
	big = append(big, `","repr":"..."}`...)
	parts := protocol.SplitMessage("r", big)
	if len(parts) < 2 {
		t.Fatalf("%d parts", len(parts))
	}
	tests := []struct {
		name string
		msg  any
		def  string
		ok   bool
	}{
		{"checkout", protocol.Request{Op: "checkout", ID: "1", Ephemeral: true, Limits: &protocol.Limits{MaxDurationMs: 100}}, "request", true},
		{"feed", protocol.Request{Op: "feed", ID: "2", Session: "s", Code: "x", Functions: []string{"f"}, Inputs: map[string]json.RawMessage{"a": json.RawMessage(`{"$tuple":[1,2]}`)}}, "request", true},
		{"feed start with mounts", protocol.Request{Op: "feed", ID: "2", Session: "s", Code: "x", Start: true, Mounts: []protocol.Mount{{Path: "/data"}, {Path: "/ov", Mode: protocol.MountOverlay}}}, "request", true},
		{"unknown mount mode", map[string]any{"op": "feed", "id": "2", "session": "s", "code": "x", "mounts": []any{map[string]any{"path": "/d", "mode": "rwx"}}}, "request", false},
		{"mount without path", map[string]any{"op": "continue", "id": "2", "session": "s", "mounts": []any{map[string]any{"mode": "overlay"}}}, "request", false},
		{"resume value", protocol.Request{Op: "resume", ID: "3", Session: "s", CallID: &callID, ReturnValue: json.RawMessage(`5`)}, "request", true},
		{"resume future", protocol.Request{Op: "resume", ID: "3", Session: "s", CallID: &callID, Future: true}, "request", true},
		{"resume with nothing", protocol.Request{Op: "resume", ID: "3", Session: "s", CallID: &callID}, "request", false},
		{"resume futures", protocol.Request{Op: "resume_futures", ID: "4", Session: "s", Results: map[string]protocol.FutureResult{"3": {Exception: &protocol.Exception{Type: "ValueError", Message: "m"}}}}, "request", true},
		{"feed without session", protocol.Request{Op: "feed", ID: "2", Code: "x"}, "request", false},
		{"unknown op", map[string]any{"op": "launch", "id": "1"}, "request", false},
		{"no id", map[string]any{"op": "snapshots"}, "request", false},
		{"unknown field", map[string]any{"op": "snapshots", "id": "1", "color": "red"}, "request", false},
		{"complete", protocol.Reply{ID: "2", OK: true, Progress: "complete", Value: json.RawMessage(`{"$int":"123456789012345678901"}`), Repr: "123456789012345678901"}, "reply", true},
		{"function call", protocol.Reply{ID: "2", OK: true, Progress: "function_call", CallID: 1, Function: "f", Args: []json.RawMessage{json.RawMessage(`1`)}}, "reply", true},
		{"failure", protocol.Fail("2", &protocol.Error{Kind: "python", Type: "ValueError", Message: "x", Traceback: "Traceback..."}), "reply", true},
		{"failure without error", map[string]any{"id": "2", "ok": false}, "reply", false},
		{"ok with error", map[string]any{"id": "2", "ok": true, "error": map[string]any{"kind": "python", "message": "m"}}, "reply", false},
		{"unknown kind", map[string]any{"id": "2", "ok": false, "error": map[string]any{"kind": "oops", "message": "m"}}, "reply", false},
		{"snapshots", protocol.Reply{ID: "5", OK: true, Snapshots: []protocol.SnapshotInfo{{ID: "a", Kind: "session", State: "idle", Created: "2026-01-01T00:00:00Z", Expires: "2026-01-08T00:00:00Z"}}, Quota: &protocol.Quota{Used: 10}}, "reply", true},
		{"every value tag", protocol.Reply{ID: "v", OK: true, Progress: "complete", Value: json.RawMessage(`[null, true, 1, 1.5, "s", {"k": [1]},
			{"$int": "-123456789012345678901"}, {"$float": "nan"}, {"$bytes": "AAE="}, {"$tuple": [1, 2]}, {"$set": [1]},
			{"$frozenset": []}, {"$dict": [[1, 2], [{"$tuple": [1]}, 3]]}, {"$exception": {"type": "ValueError", "message": "m"}},
			{"$host": 7}, {"$repr": "<generator>", "$type": "generator"}]`)}, "reply", true},
		{"unknown value tag", protocol.Reply{ID: "v", OK: true, Progress: "complete", Value: json.RawMessage(`{"$complex": [1, 2]}`)}, "reply", false},
		{"print", protocol.Event{ID: "2", Event: "print", Stream: "stdout", Text: "hi\n"}, "event", true},
		{"other event", protocol.Event{ID: "2", Event: "progress"}, "event", false},
		{"part", json.RawMessage(parts[1]), "part", true},
		// Hosted volumes.
		{"checkout volumes", protocol.Request{Op: "checkout", ID: "1", Volumes: map[string]string{"/data": "notes"}}, "request", true},
		{"checkout bad volume name", map[string]any{"op": "checkout", "id": "1", "volumes": map[string]string{"/data": "no/slash"}}, "request", false},
		{"volume_write", protocol.Request{Op: "volume_write", ID: "w", Volume: "notes", Path: "a/b.txt", Data: []byte("hi"), Append: true, Version: &callID}, "request", true},
		{"volume_write empty file", protocol.Request{Op: "volume_write", ID: "w", Volume: "notes", Path: "empty"}, "request", true},
		{"volume_read range", protocol.Request{Op: "volume_read", ID: "r", Volume: "notes", Path: "big", Offset: 1 << 20, Length: 1 << 20, Version: &callID}, "request", true},
		{"volume_read without path", protocol.Request{Op: "volume_read", ID: "r", Volume: "notes"}, "request", false},
		{"volume_delete", protocol.Request{Op: "volume_delete", ID: "d", Volume: "notes"}, "request", true},
		{"volume_list reply", protocol.Reply{ID: "l", OK: true, Volumes: []protocol.VolumeInfo{{Name: "notes", Bytes: 3, Files: 1, Version: 2, Updated: "2026-01-01T00:00:00Z"}}}, "reply", true},
		{"volume files reply", protocol.Reply{ID: "l", OK: true, Files: []protocol.VolumeFile{{Path: "a/b.txt", Size: 3}}, Version: 2}, "reply", true},
		{"volume_read reply", protocol.Reply{ID: "r", OK: true, Data: []byte("hi"), Size: 2, Version: 2}, "reply", true},
		{"not_found", protocol.Fail("r", &protocol.Error{Kind: "not_found", Message: "volume: not found"}), "reply", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.msg)
			if err != nil {
				t.Fatal(err)
			}
			err = s.Validate(b, "protocol.schema.json#/$defs/"+tt.def)
			if (err == nil) != tt.ok {
				t.Errorf("validate %s = %v, want ok=%v", b, err, tt.ok)
			}
			if tt.ok {
				if err := s.Validate(b, "protocol.schema.json"); err != nil {
					t.Errorf("top level: %v", err)
				}
			}
		})
	}
}
