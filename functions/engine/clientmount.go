package engine

import (
	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// Mounts served by the client (docs/protocol.md): a request names the
// sandbox paths whose files its client serves, with their modes, and the
// engine hands them to core for that request's run. Only paths and modes
// come over the wire; the client's directories never do. They are not
// kept in the session: the client sends them with every request of a run.

// coreModes maps the protocol's mount modes to core's.
var coreModes = map[string]core.MountMode{
	"":                      core.MountReadOnly,
	protocol.MountReadOnly:  core.MountReadOnly,
	protocol.MountReadWrite: core.MountReadWrite,
	protocol.MountOverlay:   core.MountOverlay,
}

// clientMounts validates req's mount table and converts it for core; a
// bad table is bad_request, refused before anything runs or loads.
func clientMounts(req *protocol.Request) ([]core.ClientMount, error) {
	if len(req.Mounts) == 0 {
		return nil, nil
	}
	if len(req.Mounts) > protocol.MaxMounts {
		return nil, protocol.Errorf(protocol.KindBadRequest, "%d mounts: at most %d", len(req.Mounts), protocol.MaxMounts)
	}
	out := make([]core.ClientMount, len(req.Mounts))
	for i, m := range req.Mounts {
		mode, ok := coreModes[m.Mode]
		if !ok {
			return nil, protocol.Errorf(protocol.KindBadRequest, "mount %q: unknown mode %q (want read-only, read-write or overlay)", m.Path, m.Mode)
		}
		out[i] = core.ClientMount{Path: m.Path, Mode: mode}
	}
	if err := core.CheckClientMounts(out); err != nil {
		return nil, protocol.Errorf(protocol.KindBadRequest, "%v", err)
	}
	return out, nil
}
