package core

import (
	"errors"
	"fmt"
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
//   - an OS call: the OS error, FileNotFoundError for operations that
//     read (open for reading, stat, listdir ...) and PermissionError for
//     those that write (see notHandledOS).
func (p *FunctionCall) ResumeNotHandled() (Progress, error) {
	return p.ResumeError(p.notHandledError())
}

func (p *FunctionCall) notHandledError() *Exception {
	switch {
	case p.OSCall != "":
		return notHandledOS(p.OSCall, p.Args, p.Kwargs)
	case p.ObjectID != 0:
		tn := p.s.hostTypeName(p.ObjectID)
		if p.Name == "__call__" {
			return &Exception{Type: "TypeError", Message: fmt.Sprintf("'%s' object is not callable", tn)}
		}
		return &Exception{Type: "AttributeError", Message: fmt.Sprintf("'%s' object has no attribute '%s'", tn, p.Name)}
	}
	return &Exception{Type: "NameError", Message: fmt.Sprintf("name '%s' is not defined", p.Name)}
}

// writingOps are the OS operations that change the file system.
var writingOps = map[string]bool{
	"write_file": true, "append_file": true, "mkdir": true, "makedirs": true, "remove": true,
	"rmdir": true, "rename": true, "replace": true, "touch": true,
}

// notHandledOS is the error CPython raises for op on a file nobody
// provides: the first argument is the path.
func notHandledOS(op string, args []any, kwargs map[string]any) *Exception {
	path := ""
	if len(args) > 0 {
		path, _ = args[0].(string)
	}
	write := writingOps[op]
	if op == "open" {
		mode := "r"
		if len(args) > 1 {
			mode, _ = args[1].(string)
		} else if m, ok := kwargs["mode"].(string); ok {
			mode = m
		}
		for _, c := range mode {
			if c == 'w' || c == 'a' || c == 'x' || c == '+' {
				write = true
			}
		}
	}
	if write {
		return &Exception{Type: "PermissionError", Message: fmt.Sprintf("[Errno 13] Permission denied: '%s'", path)}
	}
	return &Exception{Type: "FileNotFoundError", Message: fmt.Sprintf("[Errno 2] No such file or directory: '%s'", path)}
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
