// Package protocol is Amber's wire protocol: the requests, replies and
// events that carry the step engine's operations over WebSocket, HTTP and
// in-process transports, the splitting of large messages into parts, and
// the JSON encoding of Python values.
//
// It is plain data: the engine (functions/engine) gives it meaning, the
// transports (functions/*, infra, cmd/amber serve) and the SDK (sdk/)
// carry it. docs/protocol.md is its reference, with JSON Schemas in docs/.
package protocol

import (
	"encoding/json"
	"fmt"
)

// Operations. A Request's Op is one of these.
const (
	OpCheckout       = "checkout"        // {ephemeral, script_name, limits, type_check} -> session
	OpFeed           = "feed"            // {session, code, inputs, functions, lookup, start, mounts} -> progress
	OpResume         = "resume"          // {session, call_id, return_value | exception | future | not_handled} -> progress
	OpResumeFutures  = "resume_futures"  // {session, results{call_id: return_value | exception}} -> progress
	OpContinue       = "continue"        // {session} -> progress (the next slice of a running step)
	OpDump           = "dump"            // {session} -> snapshot
	OpLoadSession    = "load_session"    // {session, snapshot} -> ok
	OpLoadSnapshot   = "load_snapshot"   // {session, snapshot} -> progress
	OpClose          = "close"           // {session} -> ok
	OpSnapshots      = "snapshots"       // {} -> snapshots (the project's sessions and snapshots), quota
	OpDeleteSnapshot = "delete_snapshot" // {snapshot} -> ok
	OpHistory        = "history"         // {session} -> steps (the steps the session committed)
	OpUsage          = "usage"           // {days?} -> usage (the project's steps, CPU time, bytes written and storage per UTC day)
)

// Hosted volume operations (docs/protocol.md, Hosted volumes): a host reads
// and writes a project's volumes without running code.
const (
	OpVolumeList   = "volume_list"   // {volume?} -> volumes | files, version
	OpVolumeRead   = "volume_read"   // {volume, path, offset?, length?, version?} -> data, size, version
	OpVolumeWrite  = "volume_write"  // {volume, path, data, append?, version?} -> version
	OpVolumeDelete = "volume_delete" // {volume, path?} -> ok
)

// Progress kinds, in Reply.Progress.
const (
	ProgressComplete     = "complete"
	ProgressFunctionCall = "function_call"
	ProgressNameLookup   = "name_lookup"
	ProgressFutures      = "futures"
	ProgressRunning      = "running"
)

// Error kinds, in Error.Kind.
const (
	KindPython         = "python"          // an uncaught Python exception
	KindSyntax         = "syntax"          // the code does not parse (or fails type checking)
	KindLimit          = "limit"           // a session limit was reached
	KindUnknownSession = "unknown_session" // no such session or snapshot in this project, or expired
	KindEphemeral      = "ephemeral"       // dump of an ephemeral session
	KindConflict       = "conflict"        // another step committed first; retry
	KindWrongLoader    = "wrong_loader"    // load_session of a snapshot or load_snapshot of a session dump
	KindNotFresh       = "not_fresh"       // a loader on a session that already ran or loaded
	KindAlreadyResumed = "already_resumed" // resume of a suspension that was already resumed
	KindQuota          = "quota"           // the project's storage quota would be exceeded
	KindTooLarge       = "too_large"       // a message over the size limit
	KindBadRequest     = "bad_request"     // malformed request
	KindUnauthorized   = "unauthorized"    // missing or wrong API key
	KindInternal       = "internal"        // anything else; safe to retry with the same id
	KindNotFound       = "not_found"       // no such volume, or no such file in it
)

// Limits are a session's limits on the wire. The server caps each by its
// ceiling, and zero gets the ceiling (docs/protocol.md, "Server ceilings").
type Limits struct {
	MaxDurationMs  int64 `json:"max_duration_ms,omitempty"`
	MaxMemory      int64 `json:"max_memory,omitempty"`
	MaxAllocations int64 `json:"max_allocations,omitempty"`
	MaxRecursion   int   `json:"max_recursion,omitempty"`
	MaxOutput      int64 `json:"max_output,omitempty"`
	MaxSuspensions int   `json:"max_suspensions,omitempty"`
}

// Exception is a Python exception named by its builtin type.
type Exception struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// FutureResult settles one host future: a value or an exception.
type FutureResult struct {
	ReturnValue json.RawMessage `json:"return_value,omitempty"`
	Exception   *Exception      `json:"exception,omitempty"`
}

// Request is one client message. ID is chosen by the client and is the
// idempotency key: a retried request with the same ID returns the reply
// recorded the first time, without running anything again.
type Request struct {
	Op string `json:"op"`
	ID string `json:"id"`
	// TraceParent is the caller's W3C trace context (optional, any
	// operation): the step's span is its child, and the step's history
	// entry records its trace id. See docs/protocol.md, Tracing.
	TraceParent string `json:"traceparent,omitempty"`

	// checkout
	Ephemeral  bool    `json:"ephemeral,omitempty"`
	ScriptName string  `json:"script_name,omitempty"`
	Limits     *Limits `json:"limits,omitempty"`
	TypeCheck  bool    `json:"type_check,omitempty"`

	// every session operation
	Session string `json:"session,omitempty"`

	// feed
	Code      string                     `json:"code,omitempty"`
	Inputs    map[string]json.RawMessage `json:"inputs,omitempty"` // encoded values
	Functions []string                   `json:"functions,omitempty"`
	// Lookup makes reads of undefined names suspend as name_lookup
	// instead of raising NameError.
	Lookup bool `json:"lookup,omitempty"`
	// Start runs the feed in start mode (a client's feed_start): calls
	// and reads of undefined names suspend as function_call and
	// name_lookup for the whole run of the feed, without being declared.
	Start bool `json:"start,omitempty"`
	// Mounts are the sandbox paths whose files the client serves (feed,
	// resume, resume_futures, continue, load_snapshot), sent again with
	// every request of a run. See Mount.
	Mounts []Mount `json:"mounts,omitempty"`

	// resume: exactly one of ReturnValue, Exception, Future, NotHandled.
	// CallID names the pending function call (absent for a name lookup).
	CallID      *int64          `json:"call_id,omitempty"`
	ReturnValue json.RawMessage `json:"return_value,omitempty"`
	Exception   *Exception      `json:"exception,omitempty"`
	Future      bool            `json:"future,omitempty"`
	NotHandled  bool            `json:"not_handled,omitempty"`

	// resume_futures: call id (decimal) -> result
	Results map[string]FutureResult `json:"results,omitempty"`

	// load_session, load_snapshot, delete_snapshot
	Snapshot string `json:"snapshot,omitempty"`

	// Hosted volumes. Volumes (checkout) maps a sandbox mount path to a
	// volume name. Volume, Path (relative to the volume root), Data, Append
	// and Version (volume_write, volume_delete: fail with conflict if the
	// file changed since this volume version; volume_read: read that
	// version) are the volume_* operations' fields; Offset and Length
	// select a byte range for volume_read (Length 0: to the end).
	Volumes map[string]string `json:"volumes,omitempty"`
	Volume  string            `json:"volume,omitempty"`
	Path    string            `json:"path,omitempty"`
	Data    []byte            `json:"data,omitempty"` // base64 on the wire
	Append  bool              `json:"append,omitempty"`
	Version *int64            `json:"version,omitempty"`
	Offset  int64             `json:"offset,omitempty"`
	Length  int64             `json:"length,omitempty"`

	// Days is how many UTC days a usage request reports, today
	// included (0: all kept, 31).
	Days int `json:"days,omitempty"`
}

// VolumeInfo describes one hosted volume of a project (volume_list).
type VolumeInfo struct {
	Name    string `json:"name"`
	Bytes   int64  `json:"bytes"` // total file bytes of the head version
	Files   int    `json:"files"`
	Version int64  `json:"version"`
	Updated string `json:"updated"` // RFC 3339
}

// VolumeFile is one file of a volume (volume_list with a volume).
type VolumeFile struct {
	Path string `json:"path"` // relative to the volume root, '/'-separated
	Size int64  `json:"size"`
}

// Mount modes, in Mount.Mode.
const (
	MountReadOnly  = "read-only"  // reads asked of the client; writes refused by the server (EROFS)
	MountReadWrite = "read-write" // reads and writes asked of the client
	MountOverlay   = "overlay"    // writes kept in the session's state; unwritten files read from the client
)

// MaxMounts bounds a request's mount table.
const MaxMounts = 16

// Mount is one entry of a request's mount table: a sandbox path whose
// file operations the client answers as os_call function calls, and what
// the sandbox may do there. The client's own directory never goes on the
// wire.
type Mount struct {
	Path string `json:"path"`           // absolute and normalized
	Mode string `json:"mode,omitempty"` // MountReadOnly (the default), MountReadWrite or MountOverlay
}

// Error is a failed reply's reason. It is also a Go error.
type Error struct {
	Kind      string `json:"kind"`
	Type      string `json:"type,omitempty"` // the Python exception type, for python, syntax and limit
	Message   string `json:"message"`
	Traceback string `json:"traceback,omitempty"`
	// CorrelationID names an internal error in the server's log, where
	// its details are (internal errors only).
	CorrelationID string `json:"correlation_id,omitempty"`
}

func (e *Error) Error() string {
	if e.Type != "" {
		return fmt.Sprintf("%s: %s: %s", e.Kind, e.Type, e.Message)
	}
	return e.Kind + ": " + e.Message
}

// Errorf builds an Error of kind with a formatted message.
func Errorf(kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// Event is a message sent during a step, before its reply. The only event
// is "print": output the sandbox wrote to a stream ("stdout" or "stderr").
type Event struct {
	ID     string `json:"id"`
	Event  string `json:"event"`
	Stream string `json:"stream,omitempty"`
	Text   string `json:"text,omitempty"`
}

// SnapshotInfo describes one saved id of a project: a session (its last
// committed state, loadable with load_session) or a snapshot made by dump.
type SnapshotInfo struct {
	ID   string `json:"id"`
	Kind string `json:"kind"` // "session", "session_dump" or "suspended_snapshot"
	// State is a session's state: "idle", "suspended" or "running".
	State string `json:"state,omitempty"`
	// Bytes is the logical size of the state; StoredBytes what its chunks
	// take in the store; SharedBytes the part of StoredBytes also
	// referenced by another live id of the project.
	Bytes       int64  `json:"bytes"`
	StoredBytes int64  `json:"stored_bytes"`
	SharedBytes int64  `json:"shared_bytes"`
	Created     string `json:"created"` // RFC 3339
	Saved       string `json:"saved,omitempty"`
	Expires     string `json:"expires"`
}

// Quota is a project's storage use against its quota, in bytes.
type Quota struct {
	Used  int64 `json:"used"`
	Limit int64 `json:"limit"` // 0: unlimited
}

// StepStats measure one committed step.
type StepStats struct {
	Op          string `json:"op"`
	RequestID   string `json:"request_id"`
	Version     int64  `json:"version"`
	DurationUs  int64  `json:"duration_us"`
	DirtyPages  int    `json:"dirty_pages"`
	Requests    int    `json:"requests"` // store writes the commit made
	BytesStored int64  `json:"bytes_written"`
	// CPUMs is the interpreter's CPU time in the step's run, in
	// milliseconds (microsecond precision); absent for steps that run no
	// code. Only the reply's stats carry it, not history's.
	CPUMs float64 `json:"cpu_ms,omitempty"`
	At    string  `json:"at"` // RFC 3339
	// TraceID is the W3C trace id (32 lowercase hex digits) of the step's
	// trace, when the server traces or the request carried a traceparent.
	TraceID string `json:"trace_id,omitempty"`
}

// Usage is what a project used per UTC day (the usage reply): Days
// oldest first, every day of the window (zeros included), then the
// window's Totals and the project's daily caps.
type Usage struct {
	Days   []UsageDay `json:"days"`
	Totals UsageDay   `json:"totals"` // Day is empty
	Caps   UsageCaps  `json:"caps"`
}

// UsageDay is one day's usage (or a window's total).
type UsageDay struct {
	Day          string  `json:"day,omitempty"` // YYYY-MM-DD, UTC
	Steps        int64   `json:"steps"`
	CPUMs        float64 `json:"cpu_ms"`
	BytesWritten int64   `json:"bytes_written"`
	GBHours      float64 `json:"gb_hours"` // stored logical bytes over time, sampled by GC
}

// UsageCaps are a project's daily caps (0: none).
type UsageCaps struct {
	MaxStepsPerDay      int64 `json:"max_steps_per_day"`
	MaxCPUSecondsPerDay int64 `json:"max_cpu_seconds_per_day"`
}

// Reply answers one Request. OK replies carry the operation's result;
// progress replies carry Progress and that kind's fields.
type Reply struct {
	ID    string `json:"id"`
	OK    bool   `json:"ok"`
	Error *Error `json:"error,omitempty"`

	Session  string `json:"session,omitempty"`  // checkout
	Snapshot string `json:"snapshot,omitempty"` // dump

	// Limits are the session's effective limits: what checkout asked,
	// capped by the server's ceilings (checkout).
	Limits *Limits `json:"limits,omitempty"`

	Progress string `json:"progress,omitempty"`
	// complete
	Value json.RawMessage `json:"value,omitempty"`
	Repr  string          `json:"repr,omitempty"`
	// function_call
	CallID   int64                      `json:"call_id,omitempty"`
	Function string                     `json:"function,omitempty"`
	Args     []json.RawMessage          `json:"args,omitempty"`
	Kwargs   map[string]json.RawMessage `json:"kwargs,omitempty"`
	ObjectID int64                      `json:"object_id,omitempty"` // a host object's method call
	OSCall   string                     `json:"os_call,omitempty"`   // an OS operation's name
	// name_lookup
	Name string `json:"name,omitempty"`
	// futures
	Pending []int64 `json:"pending,omitempty"`

	// Printed is the output of the step, also streamed as events.
	Printed []Event `json:"printed,omitempty"`

	Snapshots []SnapshotInfo `json:"snapshots,omitempty"` // snapshots
	Quota     *Quota         `json:"quota,omitempty"`     // snapshots
	Steps     []StepStats    `json:"steps,omitempty"`     // history
	Stats     *StepStats     `json:"stats,omitempty"`     // the step this reply committed
	Usage     *Usage         `json:"usage,omitempty"`     // usage

	// Hosted volumes: volume_list (Volumes, or Files and Version),
	// volume_read (Data, Size, Version), volume_write (Version). Absent
	// numbers are 0, absent data empty.
	Volumes []VolumeInfo `json:"volumes,omitempty"`
	Files   []VolumeFile `json:"files,omitempty"`
	Data    []byte       `json:"data,omitempty"` // base64 on the wire
	Size    int64        `json:"size,omitempty"`
	Version int64        `json:"version,omitempty"`
}

// Fail returns a failed reply to request id.
func Fail(id string, err *Error) *Reply { return &Reply{ID: id, Error: err} }
