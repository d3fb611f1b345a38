//go:build race

package workbench_test

// The race detector slows the interpreter about tenfold, so the feed that
// must outlast one step budget runs a tenth of the loop.
const longLoop = 1_000_000
