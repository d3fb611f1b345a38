// Package volume keeps hosted volumes: named file trees of a project that
// outlive sessions and snapshots, stored in the project's chunk store.
//
// A file is split into content-defined chunks (restic's Rabin chunker with
// a fixed polynomial, so the same bytes always cut the same way; files
// under ChunkMin are one chunk), so a changed file stores only the chunks
// around the change, and identical files or parts dedup within the project
// (cas addresses are keyed per project). A volume version is a cas
// snapshot: its metadata lists the entries (path, directory or file, size,
// chunk count, the version it changed in) in path order, and its page
// table lists every file's chunks in the same order, so cas GC and the
// stats walk volume versions like session roots.
//
// The versioned head is a meta.Volume record, changed only by a single
// conditional write on the version read (meta.VolumeStore). A Txn reads
// one version and buffers its changes; Commit writes the new chunks and
// manifest, then the head. When another writer moved the head, Commit
// re-reads it and rebases: changes to paths the other writer did not
// touch merge; a path changed on both sides is ErrConflict, never
// overwritten. The head remembers the last request keys it applied
// (with the version each read), so a retried request applies at most once
// and reads what its first attempt read.
package volume

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/amber-sandbox/amber/functions/meta"
)

// Errors callers branch on (the engine maps them to protocol kinds).
var (
	// ErrConflict: a path this change touched was changed by another
	// writer since the version it read.
	ErrConflict = errors.New("volume: conflict")
	// ErrNotFound: no such volume, file or directory.
	ErrNotFound = errors.New("volume: not found")
	// ErrTooLarge: a file or the volume would pass its size limit.
	ErrTooLarge = errors.New("volume: too large")
	// ErrBadPath: a name or path that is not allowed (escapes the volume,
	// empty segments, NUL, ...).
	ErrBadPath = errors.New("volume: bad path")
)

// Defaults of Config.
const (
	DefaultMaxFileBytes   = 64 << 20
	DefaultMaxVolumeBytes = 1 << 30
	DefaultMaxEntries     = 100_000
	// ChargeUnit rounds each volume's bytes up for the quota, as the
	// engine rounds session states.
	ChargeUnit = 64 << 10
	// keepVersions bounds the superseded versions a head remembers (GC
	// keeps those within its grace period).
	keepVersions = 16
	// keepApplied bounds the request keys a head remembers.
	keepApplied = 32
	// maxRebases bounds Commit's retries against concurrent writers.
	maxRebases = 64
)

// Config configures a Service.
type Config struct {
	Heads meta.VolumeStore
	// Usage, if set, adds delta bytes to the project's quota usage before
	// a commit grows a volume (and refunds after one shrinks it); an
	// error (meta.ErrQuota) fails the commit before anything is written.
	Usage func(ctx context.Context, project string, delta int64) error
	// Limits (0: the defaults).
	MaxFileBytes   int64
	MaxVolumeBytes int64
	MaxEntries     int
	// MaxStepBytes bounds the written file contents one Txn holds in
	// memory until its commit (0: MaxFileBytes); past it, writes fail
	// with EDQUOT. It keeps a step's memory bounded however many files
	// it writes.
	MaxStepBytes int64
	Now          func() time.Time
}

// Service opens volumes. It holds no per-volume state and is safe for
// concurrent use.
type Service struct {
	cfg Config
}

// New returns a Service.
func New(cfg Config) (*Service, error) {
	if cfg.Heads == nil {
		return nil, errors.New("volume: Config needs Heads")
	}
	if cfg.MaxFileBytes <= 0 {
		cfg.MaxFileBytes = DefaultMaxFileBytes
	}
	if cfg.MaxVolumeBytes <= 0 {
		cfg.MaxVolumeBytes = DefaultMaxVolumeBytes
	}
	if cfg.MaxStepBytes <= 0 {
		cfg.MaxStepBytes = cfg.MaxFileBytes
	}
	if cfg.MaxEntries <= 0 {
		cfg.MaxEntries = DefaultMaxEntries
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{cfg: cfg}, nil
}

// Limits returns the service's per-file and per-volume byte limits.
func (s *Service) Limits() (file, volume int64) { return s.cfg.MaxFileBytes, s.cfg.MaxVolumeBytes }

// namePattern is what a volume name must match, for error messages.
const namePattern = `^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`

// CheckName fails with ErrBadPath unless name is a valid volume name: 1
// to 64 ASCII letters, digits, '.', '_' and '-', starting with a letter
// or digit. (A regexp of namePattern, compiled at package init, cost
// every process about 30M instructions at start-up: the {0,63}.)
func CheckName(name string) error {
	ok := len(name) >= 1 && len(name) <= 64
	for i := 0; ok && i < len(name); i++ {
		c := name[i]
		alnum := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		ok = alnum || i > 0 && (c == '.' || c == '_' || c == '-')
	}
	if !ok {
		return fmt.Errorf("%w: volume name %q must match %s", ErrBadPath, name, namePattern)
	}
	return nil
}

// CleanPath checks a path relative to the volume root ("a/b.txt"; "" or
// "." is the root) and returns it in its canonical form ("" for the
// root). A path with "..", "." or empty segments, a leading slash, a
// backslash or a NUL is ErrBadPath: it is refused, never reinterpreted,
// so no path can name anything outside the volume.
func CleanPath(p string) (string, error) {
	if p == "" || p == "." {
		return "", nil
	}
	if len(p) > 4096 || strings.ContainsAny(p, "\x00\\") || strings.HasPrefix(p, "/") {
		return "", fmt.Errorf("%w: %q", ErrBadPath, p)
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." || len(seg) > 255 {
			return "", fmt.Errorf("%w: %q", ErrBadPath, p)
		}
	}
	return p, nil
}

// CheckMountPath checks a sandbox mount path: absolute, normalized, not
// "/".
func CheckMountPath(p string) error {
	if !strings.HasPrefix(p, "/") || p == "/" {
		return fmt.Errorf("%w: mount path %q must be absolute and not /", ErrBadPath, p)
	}
	if _, err := CleanPath(p[1:]); err != nil {
		return fmt.Errorf("%w: mount path %q must be normalized", ErrBadPath, p)
	}
	return nil
}

// Charged is what a volume of n bytes counts against the quota.
func Charged(n int64) int64 {
	if n <= 0 {
		return 0
	}
	return (n + ChargeUnit - 1) / ChargeUnit * ChargeUnit
}
