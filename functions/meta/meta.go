// Package meta is the step engine's metadata store: projects, session
// heads, snapshot records and connections. Every write that commits a step
// is a single-item conditional write, so the same code runs on an embedded
// single-file store (bbolt, the default for amber serve and tests) and on
// one DynamoDB table (no transactions needed, so dynalite can test it).
//
// Two implementations pass one conformance suite (store_test.go):
//
//   - Bolt (OpenBolt): one bbolt file, for one process with many
//     goroutines.
//   - Dynamo (NewDynamo, CreateDynamoTable): one DynamoDB table with string
//     keys pk and sk and a TTL attribute expires_at; see dynamo.go for the
//     key layout. It is a table of its own, apart from cas.Dynamo's chunk
//     table: the two have different key schemas (cas uses a binary hash key
//     "a"), so they cannot share one.
//
// Times come back in UTC with the nanoseconds they were stored with. The
// stores do not hide expired records: Expires is for the engine to check
// and for GC to act on (DynamoDB's TTL also deletes them, eventually).
package meta

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"
)

// Errors callers branch on.
var (
	ErrNotFound = errors.New("meta: not found")
	// ErrConflict: a conditional write found another version (a concurrent
	// step committed first) or an item that already exists.
	ErrConflict = errors.New("meta: conflict")
	// ErrQuota: a usage increase would pass the project's quota.
	ErrQuota = errors.New("meta: quota exceeded")
	// ErrTooLarge: a session record over MaxSessionBytes.
	ErrTooLarge = errors.New("meta: session record too large")
)

// MaxSessionBytes bounds a session record's variable data (ids, root,
// state, connection, config, recorded reply, steps and extra), keeping its
// DynamoDB item under the 400 KB item limit with room for attribute names
// and numbers. Both stores enforce it, so what works locally works on
// DynamoDB.
const MaxSessionBytes = 390_000

// checkSessionSize fails with ErrTooLarge for a session over MaxSessionBytes.
func checkSessionSize(s *Session) error {
	n := len(s.Project) + len(s.ID) + len(s.Root) + len(s.State) + len(s.Connection) + len(s.Config) +
		len(s.LastRequest) + len(s.LastReply) + len(s.ReplyInline) + len(s.Steps) + len(s.Extra) + len(s.Usage)
	if n > MaxSessionBytes {
		return fmt.Errorf("session %s/%s: %d bytes > %d: %w", s.Project, s.ID, n, MaxSessionBytes, ErrTooLarge)
	}
	return nil
}

// Session states.
const (
	StateIdle      = "idle"
	StateSuspended = "suspended"
	StateRunning   = "running"
	StateClosed    = "closed"
)

// Snapshot kinds.
const (
	KindSessionDump       = "session_dump"
	KindSuspendedSnapshot = "suspended_snapshot"
)

// Project is a tenant: its ids, chunks and quota are its own.
type Project struct {
	ID string
	// CASKey is the 32-byte key of the project's content addresses, so
	// that chunks never dedup across projects.
	CASKey []byte
	// KeyHashes are SHA-256 hashes (hex) of the project's API keys.
	KeyHashes []string
	Quota     int64 // bytes; 0: unlimited
	Used      int64 // bytes counted against the quota
}

// Session is a session's head: the state its last committed step left.
type Session struct {
	Project string
	ID      string
	Root    string // hex cas address of the head manifest ("" before any step)
	Version int64  // bumped by every commit; commits are conditional on it
	State   string
	// Ephemeral sessions cannot be dumped and die with their connection.
	Ephemeral  bool
	Connection string // the connection of an ephemeral session
	// Config is the engine's encoded session config (script name, limits,
	// type checking), opaque here.
	Config []byte
	// Fresh: no feed or load has run yet (loaders need a fresh session).
	Fresh   bool
	Created time.Time
	Saved   time.Time
	Expires time.Time
	// LastRequest is the id of the last committed request. Its recorded
	// reply is ReplyInline when small, else the chunk at the hex cas
	// address LastReply: a retry of LastRequest returns that reply without
	// running again.
	LastRequest string
	LastReply   string
	ReplyInline []byte
	// Bytes is the logical size of the head state; Stored the bytes its
	// commit added to the store (counted against the quota).
	Bytes  int64
	Stored int64
	// Steps is the engine's compact log of the session's most recent
	// committed steps (for the Workbench's history), opaque here. Keep it
	// small: it is written with every commit.
	Steps []byte
	// Extra is engine data committed with the head in the same single
	// write (for example small dirty pages packed into the head to save
	// requests), opaque here. Keep the whole item well under 400 KB.
	Extra []byte
	// Usage is the engine's ledger of what the session's committed steps
	// used per day (steps, CPU time, bytes written), committed with the
	// head in the same single write, so usage counts exactly the steps
	// that committed; opaque here.
	Usage []byte
}

// Snapshot is an immutable saved state: a dump of a session.
type Snapshot struct {
	Project string
	ID      string
	Root    string // hex cas address of its manifest
	Kind    string // KindSessionDump or KindSuspendedSnapshot
	Bytes   int64  // logical size
	Stored  int64  // bytes its dump added to the store
	Created time.Time
	Expires time.Time
	// Request is the id of the request that made it, so a retried dump
	// finds the snapshot it already made.
	Request string
}

// Connection is a client connection (WebSocket) and what dies with it.
type Connection struct {
	ID        string
	Project   string
	Created   time.Time
	Ephemeral []string // ids of the ephemeral sessions it checked out
	// TraceParent is the W3C trace context the connection's handshake
	// carried ("" without): the parent of its steps' spans.
	TraceParent string `json:",omitempty"`
}

// Store is the metadata store. Gets are strongly consistent. Methods that
// are not found return an error matching ErrNotFound.
type Store interface {
	PutProject(ctx context.Context, p *Project) error // create or replace
	GetProject(ctx context.Context, id string) (*Project, error)
	// ProjectByKeyHash finds the project owning an API key's hash.
	ProjectByKeyHash(ctx context.Context, keyHash string) (*Project, error)
	// AddUsage adds delta (may be negative) to the project's Used. A
	// positive delta that would take Used past a non-zero Quota fails
	// with ErrQuota and changes nothing.
	AddUsage(ctx context.Context, project string, delta int64) error

	// CreateSession writes a new session; ErrConflict if the id exists.
	CreateSession(ctx context.Context, s *Session) error
	GetSession(ctx context.Context, project, id string) (*Session, error)
	// CommitSession replaces the session's head if its stored Version is
	// expectVersion (s.Version is the new version); otherwise ErrConflict
	// and nothing changes. This one conditional write is the commit point
	// of a step.
	CommitSession(ctx context.Context, s *Session, expectVersion int64) error
	DeleteSession(ctx context.Context, project, id string) error
	ListSessions(ctx context.Context, project string) ([]*Session, error)

	// PutSnapshot writes a new snapshot record; ErrConflict if the id
	// exists (snapshots never change).
	PutSnapshot(ctx context.Context, s *Snapshot) error
	GetSnapshot(ctx context.Context, project, id string) (*Snapshot, error)
	DeleteSnapshot(ctx context.Context, project, id string) error
	ListSnapshots(ctx context.Context, project string) ([]*Snapshot, error)

	PutConnection(ctx context.Context, c *Connection) error
	GetConnection(ctx context.Context, id string) (*Connection, error)
	// AddEphemeral records an ephemeral session on its connection.
	AddEphemeral(ctx context.Context, connection, session string) error
	DeleteConnection(ctx context.Context, id string) error

	// ListProjects lists every project (for GC).
	ListProjects(ctx context.Context) ([]*Project, error)

	Close() error
}

// sameCommit reports whether stored is exactly the head next would write:
// a CommitSession sent again after its first try landed (a response lost
// on the way back, and the client library's retry). That retry is a
// success, not a conflict. Another step's commit, even of the same
// request id on another instance, differs at least in its save time, so
// it stays a conflict.
func sameCommit(stored, next *Session) bool {
	if stored.Version != next.Version || stored.LastRequest == "" || stored.LastRequest != next.LastRequest {
		return false
	}
	return reflect.DeepEqual(normSession(stored), normSession(next))
}
