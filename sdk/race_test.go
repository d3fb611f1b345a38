//go:build race

package sdk

// The race detector slows the interpreter about tenfold: the tests that
// need a long step run a shorter loop.
const loopScale = 10
