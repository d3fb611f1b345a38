//go:build !race

package vm_test

const raceSlowdown = 1
