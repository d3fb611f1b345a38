package meta

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Buckets of the embedded store. Sessions and snapshots live in one
// sub-bucket per project, so that listing a project's is a range over its
// own bucket.
var (
	bucketProjects    = []byte("projects")    // id -> Project (JSON)
	bucketKeys        = []byte("keys")        // key hash -> project id
	bucketSessions    = []byte("sessions")    // project/ -> id -> Session (JSON)
	bucketSnapshots   = []byte("snapshots")   // project/ -> id -> Snapshot (JSON)
	bucketConnections = []byte("connections") // id -> Connection (JSON)
)

// Bolt is the embedded metadata store: one bbolt file. It is safe for
// concurrent use by many goroutines of one process; bbolt's file lock
// keeps other processes out while it is open. Each method is one bbolt
// transaction, so a conditional write is a check and a write under
// bbolt's single writer lock. Records are JSON; times are stored in UTC
// with nanoseconds. Expired records are not deleted by the store: Expires
// is for the engine to check and GC to act on.
type Bolt struct {
	db *bolt.DB
}

var _ Store = (*Bolt)(nil)

// OpenBolt opens (or creates) the store in the file at path. It fails
// after a second if another process holds the file.
func OpenBolt(path string) (*Bolt, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return nil, fmt.Errorf("meta: open %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketProjects, bucketKeys, bucketSessions, bucketSnapshots, bucketConnections} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("meta: init %s: %w", path, err)
	}
	return &Bolt{db: db}, nil
}

// Close closes the file. Methods called after Close fail.
func (b *Bolt) Close() error {
	if err := b.db.Close(); err != nil {
		return fmt.Errorf("meta: close: %w", err)
	}
	return nil
}

// view and update run fn in a read or write transaction, after checking
// ctx, and wrap bbolt's own errors.
func (b *Bolt) view(ctx context.Context, fn func(*bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return wrapBolt(b.db.View(fn))
}

func (b *Bolt) update(ctx context.Context, fn func(*bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return wrapBolt(b.db.Update(fn))
}

func wrapBolt(err error) error {
	if err == nil || errors.Is(err, ErrNotFound) || errors.Is(err, ErrConflict) || errors.Is(err, ErrQuota) || errors.Is(err, ErrTooLarge) {
		return err
	}
	return fmt.Errorf("meta: bolt: %w", err)
}

func get[T any](bk *bolt.Bucket, key string, what string) (*T, error) {
	if bk == nil {
		return nil, fmt.Errorf("%s %q: %w", what, key, ErrNotFound)
	}
	data := bk.Get([]byte(key))
	if data == nil {
		return nil, fmt.Errorf("%s %q: %w", what, key, ErrNotFound)
	}
	v := new(T)
	if err := json.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("%s %q: bad record: %w", what, key, err)
	}
	return v, nil
}

func put(bk *bolt.Bucket, key string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return bk.Put([]byte(key), data)
}

// utc returns t in UTC (the zero time stays zero).
func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

func (b *Bolt) PutProject(ctx context.Context, p *Project) error {
	if p.ID == "" {
		return errors.New("meta: project without an id")
	}
	return b.update(ctx, func(tx *bolt.Tx) error {
		projects, keys := tx.Bucket(bucketProjects), tx.Bucket(bucketKeys)
		for _, h := range p.KeyHashes {
			if owner := keys.Get([]byte(h)); owner != nil && string(owner) != p.ID {
				return fmt.Errorf("key hash %s belongs to another project: %w", h, ErrConflict)
			}
		}
		if old, err := get[Project](projects, p.ID, "project"); err == nil {
			for _, h := range old.KeyHashes {
				if !slices.Contains(p.KeyHashes, h) {
					if err := keys.Delete([]byte(h)); err != nil {
						return err
					}
				}
			}
		}
		for _, h := range p.KeyHashes {
			if err := keys.Put([]byte(h), []byte(p.ID)); err != nil {
				return err
			}
		}
		return put(projects, p.ID, p)
	})
}

func (b *Bolt) GetProject(ctx context.Context, id string) (*Project, error) {
	return viewRecord[Project](ctx, b, topBucket(bucketProjects), id, "project")
}

func (b *Bolt) ProjectByKeyHash(ctx context.Context, keyHash string) (*Project, error) {
	var p *Project
	err := b.view(ctx, func(tx *bolt.Tx) error {
		id := tx.Bucket(bucketKeys).Get([]byte(keyHash))
		if id == nil {
			return fmt.Errorf("key hash: %w", ErrNotFound)
		}
		var err error
		p, err = get[Project](tx.Bucket(bucketProjects), string(id), "project")
		return err
	})
	return p, err
}

func (b *Bolt) AddUsage(ctx context.Context, project string, delta int64) error {
	return b.update(ctx, func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketProjects)
		p, err := get[Project](bk, project, "project")
		if err != nil {
			return err
		}
		if delta > 0 && p.Quota > 0 && p.Used+delta > p.Quota {
			return fmt.Errorf("project %s: %d + %d bytes > %d: %w", project, p.Used, delta, p.Quota, ErrQuota)
		}
		p.Used += delta
		return put(bk, project, p)
	})
}

func (b *Bolt) ListProjects(ctx context.Context) ([]*Project, error) {
	var out []*Project
	err := b.view(ctx, func(tx *bolt.Tx) error {
		var err error
		out, err = readAll[Project](tx.Bucket(bucketProjects), "project")
		return err
	})
	return out, err
}

// readAll decodes every record of bk (nil: none).
func readAll[T any](bk *bolt.Bucket, what string) ([]*T, error) {
	if bk == nil {
		return nil, nil
	}
	var out []*T
	err := bk.ForEach(func(k, v []byte) error {
		if v == nil { // a nested bucket; none are made
			return nil
		}
		r := new(T)
		if err := json.Unmarshal(v, r); err != nil {
			return fmt.Errorf("%s %q: bad record: %w", what, k, err)
		}
		out = append(out, r)
		return nil
	})
	return out, err
}

// projectBucket returns the project's sub-bucket of parent, creating it
// when create is set (nil if absent otherwise).
func projectBucket(tx *bolt.Tx, parent []byte, project string, create bool) (*bolt.Bucket, error) {
	pb := tx.Bucket(parent)
	if !create {
		return pb.Bucket([]byte(project)), nil
	}
	return pb.CreateBucketIfNotExists([]byte(project))
}

func normSession(s *Session) *Session {
	c := *s
	c.Created, c.Saved, c.Expires = utc(s.Created), utc(s.Saved), utc(s.Expires)
	return &c
}

func (b *Bolt) CreateSession(ctx context.Context, s *Session) error {
	if s.Project == "" || s.ID == "" {
		return errors.New("meta: session without a project or id")
	}
	if err := checkSessionSize(s); err != nil {
		return err
	}
	return putNewIn(ctx, b, bucketSessions, s.Project, s.ID, "session", normSession(s))
}

// putNewIn stores v as the new record id of project in parent's bucket of
// that project: ErrConflict when it exists.
func putNewIn(ctx context.Context, b *Bolt, parent []byte, project, id, what string, v any) error {
	return b.update(ctx, func(tx *bolt.Tx) error {
		bk, err := projectBucket(tx, parent, project, true)
		if err != nil {
			return err
		}
		if bk.Get([]byte(id)) != nil {
			return fmt.Errorf("%s %s/%s exists: %w", what, project, id, ErrConflict)
		}
		return put(bk, id, v)
	})
}

func (b *Bolt) GetSession(ctx context.Context, project, id string) (*Session, error) {
	return getIn[Session](ctx, b, bucketSessions, project, id, "session")
}

func (b *Bolt) CommitSession(ctx context.Context, s *Session, expectVersion int64) error {
	if err := checkSessionSize(s); err != nil {
		return err
	}
	return b.update(ctx, func(tx *bolt.Tx) error {
		bk, _ := projectBucket(tx, bucketSessions, s.Project, false)
		old, err := get[Session](bk, s.ID, "session")
		if err != nil {
			return err
		}
		if old.Version != expectVersion {
			if sameCommit(old, s) {
				return nil // a retry of this very commit, which landed
			}
			return fmt.Errorf("session %s/%s is at version %d, not %d: %w", s.Project, s.ID, old.Version, expectVersion, ErrConflict)
		}
		return put(bk, s.ID, normSession(s))
	})
}

func (b *Bolt) DeleteSession(ctx context.Context, project, id string) error {
	return b.update(ctx, func(tx *bolt.Tx) error {
		return deleteIn(tx, bucketSessions, project, id, "session")
	})
}

// deleteIn deletes id from the project's sub-bucket of parent.
func deleteIn(tx *bolt.Tx, parent []byte, project, id, what string) error {
	bk, _ := projectBucket(tx, parent, project, false)
	if bk == nil || bk.Get([]byte(id)) == nil {
		return fmt.Errorf("%s %s/%s: %w", what, project, id, ErrNotFound)
	}
	return bk.Delete([]byte(id))
}

func (b *Bolt) ListSessions(ctx context.Context, project string) ([]*Session, error) {
	return listIn[Session](ctx, b, bucketSessions, project, "session")
}

// getIn reads the record id of project in parent's bucket of that project.
func getIn[T any](ctx context.Context, b *Bolt, parent []byte, project, id, what string) (*T, error) {
	return viewRecord[T](ctx, b, func(tx *bolt.Tx) *bolt.Bucket {
		bk, _ := projectBucket(tx, parent, project, false)
		return bk
	}, id, what)
}

// topBucket finds a top-level bucket.
func topBucket(name []byte) func(*bolt.Tx) *bolt.Bucket {
	return func(tx *bolt.Tx) *bolt.Bucket { return tx.Bucket(name) }
}

// viewRecord reads, in a read transaction, the record id of the bucket
// that bucket finds (nil if there is none).
func viewRecord[T any](ctx context.Context, b *Bolt, bucket func(*bolt.Tx) *bolt.Bucket, id, what string) (*T, error) {
	var v *T
	err := b.view(ctx, func(tx *bolt.Tx) error {
		var err error
		v, err = get[T](bucket(tx), id, what)
		return err
	})
	return v, err
}

func listIn[T any](ctx context.Context, b *Bolt, parent []byte, project, what string) ([]*T, error) {
	var out []*T
	err := b.view(ctx, func(tx *bolt.Tx) error {
		bk, _ := projectBucket(tx, parent, project, false)
		var err error
		out, err = readAll[T](bk, what)
		return err
	})
	return out, err
}

func (b *Bolt) PutSnapshot(ctx context.Context, s *Snapshot) error {
	if s.Project == "" || s.ID == "" {
		return errors.New("meta: snapshot without a project or id")
	}
	c := *s
	c.Created, c.Expires = utc(s.Created), utc(s.Expires)
	return putNewIn(ctx, b, bucketSnapshots, s.Project, s.ID, "snapshot", &c)
}

func (b *Bolt) GetSnapshot(ctx context.Context, project, id string) (*Snapshot, error) {
	return getIn[Snapshot](ctx, b, bucketSnapshots, project, id, "snapshot")
}

func (b *Bolt) DeleteSnapshot(ctx context.Context, project, id string) error {
	return b.update(ctx, func(tx *bolt.Tx) error {
		return deleteIn(tx, bucketSnapshots, project, id, "snapshot")
	})
}

func (b *Bolt) ListSnapshots(ctx context.Context, project string) ([]*Snapshot, error) {
	return listIn[Snapshot](ctx, b, bucketSnapshots, project, "snapshot")
}

func (b *Bolt) PutConnection(ctx context.Context, c *Connection) error {
	if c.ID == "" {
		return errors.New("meta: connection without an id")
	}
	cc := *c
	cc.Created = utc(c.Created)
	return b.update(ctx, func(tx *bolt.Tx) error {
		return put(tx.Bucket(bucketConnections), c.ID, &cc)
	})
}

func (b *Bolt) GetConnection(ctx context.Context, id string) (*Connection, error) {
	return viewRecord[Connection](ctx, b, topBucket(bucketConnections), id, "connection")
}

func (b *Bolt) AddEphemeral(ctx context.Context, connection, session string) error {
	return b.update(ctx, func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketConnections)
		c, err := get[Connection](bk, connection, "connection")
		if err != nil {
			return err
		}
		if slices.Contains(c.Ephemeral, session) {
			return nil
		}
		c.Ephemeral = append(c.Ephemeral, session)
		return put(bk, connection, c)
	})
}

func (b *Bolt) DeleteConnection(ctx context.Context, id string) error {
	return b.update(ctx, func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketConnections)
		if bk.Get([]byte(id)) == nil {
			return fmt.Errorf("connection %q: %w", id, ErrNotFound)
		}
		return bk.Delete([]byte(id))
	})
}
