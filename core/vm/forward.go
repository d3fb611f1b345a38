// Package vm forwards the page-dump API of core/internal/vm to the
// packages outside core that used it before the interpreter moved under
// core/internal (functions/store.go). It is transitional: new code uses
// core's session API (core.PageDump), and this package goes away once
// nothing imports it.
package vm

import (
	_ "github.com/amber-sandbox/amber/core/internal/stdlib" // the modules
	ivm "github.com/amber-sandbox/amber/core/internal/vm"
)

type (
	VM           = ivm.VM
	Value        = ivm.Value
	Manifest     = ivm.Manifest
	PageInfo     = ivm.PageInfo
	Page         = ivm.Page
	DumpKind     = ivm.DumpKind
	Limits       = ivm.Limits
	Suspension   = ivm.Suspension
	VersionError = ivm.VersionError
)

const (
	KindSession  = ivm.KindSession
	KindSnapshot = ivm.KindSnapshot
)

var (
	ErrFormat = ivm.ErrFormat
	ErrKind   = ivm.ErrKind
	ErrBuild  = ivm.ErrBuild
)

// New creates a VM with the builtin world set up.
func New() *VM { return ivm.New() }

// LoadPages rebuilds a VM from a manifest and its pages.
func LoadPages(m *Manifest, fetch func(i int) ([]byte, error)) (*VM, error) {
	return ivm.LoadPages(m, fetch)
}

// DecodeManifest decodes a manifest written by Manifest.MarshalBinary.
func DecodeManifest(b []byte) (*Manifest, error) { return ivm.DecodeManifest(b) }
