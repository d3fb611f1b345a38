//go:build race

package vm_test

// raceSlowdown: the race detector slows the interpreter down about
// tenfold, the setup of a test's program included.
const raceSlowdown = 10
