package core

import (
	"errors"
	"fmt"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// ErrNotHandled, returned by a host function, an OS handler or a host
// object's method under ResumeAuto, declines the call: the sandbox sees
// what CPython would raise (see FunctionCall.ResumeNotHandled).
var ErrNotHandled = errors.New("amber: not handled")

// OSFunc answers the operating-system calls the sandbox makes outside its
// mounts (FunctionCall.OSCall is op). Returning ErrNotHandled declines.
type OSFunc func(op string, args []any, kwargs map[string]any) (any, error)

// ResumeNotHandled declines the call. The sandbox sees what CPython would
// raise when the thing called does not exist:
//
//   - a host function: NameError ("name 'f' is not defined");
//   - a host object's method: AttributeError, or TypeError ("object is
//     not callable") for "__call__";
//   - an OS call: the OS error with its errno, FileNotFoundError for
//     operations that read (open for reading, stat, listdir) and
//     PermissionError for those that write (write_file, append_file,
//     mkdir, remove, rmdir, rename).
func (p *FunctionCall) ResumeNotHandled() (Progress, error) {
	if p.OSCall != "" {
		if err := p.claim(); err != nil {
			return nil, err
		}
		return p.s.step(p.s.m.ResumeRaise(osNotHandled(p.s.m, p.OSCall, p.Args, p.Kwargs)))
	}
	return p.ResumeError(p.notHandledError())
}

// osNotHandled is the OSError subclass CPython raises for op on a file
// nobody provides (see vm.OSNotHandled).
func osNotHandled(m *vm.VM, op string, args []any, kwargs map[string]any) vm.Value {
	path, mode := "", ""
	if len(args) > 0 {
		path, _ = args[0].(string)
	}
	if len(args) > 1 {
		mode, _ = args[1].(string)
	}
	return m.OSNotHandled(op, path, mode)
}

func (p *FunctionCall) notHandledError() *Exception {
	switch {
	case p.ObjectID != 0:
		tn := p.s.hostTypeName(p.ObjectID)
		if p.Name == "__call__" {
			return &Exception{Type: "TypeError", Message: fmt.Sprintf("'%s' object is not callable", tn)}
		}
		return &Exception{Type: "AttributeError", Message: fmt.Sprintf("'%s' object has no attribute '%s'", tn, p.Name)}
	}
	return &Exception{Type: "NameError", Message: fmt.Sprintf("name '%s' is not defined", p.Name)}
}

// autoOSCall answers an OS call for ResumeAuto with FeedOptions.OS.
func (s *Session) autoOSCall(p *FunctionCall) (Progress, error) {
	if s.opts.OS == nil {
		return p.ResumeNotHandled()
	}
	if err := p.base().checkLive(); err != nil {
		return nil, err
	}
	v, err := s.opts.OS(p.OSCall, p.Args, p.Kwargs)
	if errors.Is(err, ErrNotHandled) {
		return p.ResumeNotHandled()
	}
	if err != nil {
		return p.ResumeError(err)
	}
	return p.Resume(v)
}
