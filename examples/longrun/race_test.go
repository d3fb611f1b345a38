//go:build race

package main

// The race detector slows the interpreter about tenfold: a smaller
// computation still spans several steps.
const raceEnabled = true
