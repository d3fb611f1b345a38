//go:build !race

package core_test

// raceEnabled: the race detector slows programs down about tenfold.
const raceEnabled = false
