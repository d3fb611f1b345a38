package core

import (
	"errors"
	"time"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// ErrTooLate is DisableModuleBase's error when the process already made
// a session (or loaded one): its template, with or without the base, is
// fixed from then on.
var ErrTooLate = errors.New("amber: DisableModuleBase must come before the process's first session")

// DisableModuleBase makes this process run without the module base, the
// standard library pre-built once per process and shared by every session
// (see the README's design notes): each import then runs the module's
// body in the session, as CPython does. The base is decoded from the image
// built into the binary, so few processes gain from this. Sessions such a
// process dumps refer to its own base image, so only a process that also
// disabled the base loads them. Call it before the first NewSession;
// later it returns ErrTooLate and changes nothing.
func DisableModuleBase() error {
	if err := vm.DisableModuleBase(); err != nil {
		return ErrTooLate
	}
	return nil
}

// Warm builds what every session of the process shares — the builtin
// world and, unless disabled, the module base, decoded from the base
// image built into the binary — so that the first session does not wait
// for it. A Lambda function calls it in its init phase,
// which runs before the first request. It returns how long the build took
// when it ran (the first call of the process, or the first NewSession).
func Warm() time.Duration {
	d := vm.TemplateBuildTime()
	// The base image the first dump or load compares pages with: with
	// the template decoded from the binary's image, its pages are those.
	_, _ = vm.BaseImageID()
	return d
}
