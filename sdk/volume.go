package sdk

import (
	"context"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// Hosted volumes: named file trees of the project, kept by the service
// apart from sessions and snapshots. A session mounts them at checkout
// (CheckoutOptions.Volumes) and its code uses ordinary file APIs; a host
// reads and writes them with a Volume, without running code. Each step of
// a session reads one version of a volume and commits its writes with
// the step; see docs/protocol.md, "Hosted volumes".

// VolumeInfo describes one volume of the project.
type VolumeInfo = protocol.VolumeInfo

// VolumeFile is one file of a volume: its path relative to the volume's
// root ('/'-separated) and size.
type VolumeFile = protocol.VolumeFile

// uploadPiece is the most file data one request carries: its base64 stays
// well under the 128 KB message limit of the WebSocket transport.
const uploadPiece = 64 << 10

// readPiece is the most file data one reply carries: its base64 stays
// under the 6 MB a Lambda function may return over the HTTP API.
const readPiece = 1 << 20

// Volume is a hosted volume of the pool's project, by name. It is a
// handle: the volume is created by its first write (or the first session
// that mounts it writes to it).
type Volume struct {
	p    *Pool
	name string
}

// Volume returns the project's volume name (it need not exist yet).
func (p *Pool) Volume(name string) *Volume { return &Volume{p: p, name: name} }

// Volumes lists the project's volumes with their sizes.
func (p *Pool) Volumes(ctx context.Context) ([]VolumeInfo, error) {
	r, err := p.do(ctx, &protocol.Request{Op: protocol.OpVolumeList})
	if err != nil {
		return nil, err
	}
	return r.Volumes, nil
}

// Name is the volume's name.
func (v *Volume) Name() string { return v.name }

// Files lists every file of the volume, sorted by path, and the version
// listed. A volume that does not exist is ErrNotFound.
func (v *Volume) Files(ctx context.Context) ([]VolumeFile, int64, error) {
	r, err := v.p.do(ctx, &protocol.Request{Op: protocol.OpVolumeList, Volume: v.name})
	if err != nil {
		return nil, 0, err
	}
	return r.Files, r.Version, nil
}

// ReadFile returns the content of the file at path (relative to the
// volume's root) and the version read. A file over 1 MB is read in
// pieces, all of the version the first piece came from. A missing file is
// ErrNotFound; a path that leaves the volume is ErrBadRequest.
func (v *Volume) ReadFile(ctx context.Context, path string) ([]byte, int64, error) {
	r, err := v.p.do(ctx, &protocol.Request{Op: protocol.OpVolumeRead, Volume: v.name, Path: path, Length: readPiece})
	if err != nil {
		return nil, 0, err
	}
	data, version := r.Data, r.Version
	for int64(len(data)) < r.Size {
		r, err = v.p.do(ctx, &protocol.Request{Op: protocol.OpVolumeRead, Volume: v.name, Path: path,
			Offset: int64(len(data)), Length: readPiece, Version: &version})
		if err != nil {
			return nil, 0, err
		}
		if len(r.Data) == 0 {
			return nil, 0, &Error{Kind: protocol.KindInternal, Message: "sdk: a volume read returned no bytes before the end of the file"}
		}
		data = append(data, r.Data...)
	}
	return data, version, nil
}

// WriteOptions refine a write.
type WriteOptions struct {
	// IfVersion, if set, makes the write fail with ErrConflict when the
	// file changed after that version (one ReadFile or Files returned).
	IfVersion *int64
}

// WriteFile creates or replaces the file at path, creating its parent
// directories, and returns the volume's new version. Data over 64 KB goes
// in several requests (a write, then appends), so other readers may see
// the file part-written until WriteFile returns; each request is retried
// with its own id, so none is applied twice.
func (v *Volume) WriteFile(ctx context.Context, path string, data []byte, opts *WriteOptions) (int64, error) {
	req := &protocol.Request{Op: protocol.OpVolumeWrite, Volume: v.name, Path: path}
	if opts != nil {
		req.Version = opts.IfVersion
	}
	first := data[:min(len(data), uploadPiece)]
	req.Data = first // empty: absent on the wire, an empty file
	r, err := v.p.do(ctx, req)
	if err != nil {
		return 0, err
	}
	version := r.Version
	if len(data) > len(first) {
		version, err = v.AppendFile(ctx, path, data[len(first):])
	}
	return version, err
}

// AppendFile appends data to the file at path (creating it and its
// parent directories) and returns the volume's new version.
func (v *Volume) AppendFile(ctx context.Context, path string, data []byte) (int64, error) {
	var version int64
	for first := true; first || len(data) > 0; first = false {
		piece := data[:min(len(data), uploadPiece)]
		data = data[len(piece):]
		r, err := v.p.do(ctx, &protocol.Request{Op: protocol.OpVolumeWrite, Volume: v.name, Path: path, Data: piece, Append: true})
		if err != nil {
			return 0, err
		}
		version = r.Version
	}
	return version, nil
}

// Remove deletes the file or directory (with everything under it) at
// path. A missing path is ErrNotFound.
func (v *Volume) Remove(ctx context.Context, path string) error {
	if path == "" {
		return &Error{Kind: protocol.KindBadRequest, Message: "sdk: Remove needs a path (Delete deletes the whole volume)"}
	}
	_, err := v.p.do(ctx, &protocol.Request{Op: protocol.OpVolumeDelete, Volume: v.name, Path: path})
	return err
}

// Delete deletes the whole volume. Sessions that mount it afterwards see
// it empty.
func (v *Volume) Delete(ctx context.Context) error {
	_, err := v.p.do(ctx, &protocol.Request{Op: protocol.OpVolumeDelete, Volume: v.name})
	return err
}
