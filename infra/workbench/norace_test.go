//go:build !race

package workbench_test

// longLoop is the length of the feed that must outlast one step budget
// (about 0.5 s of work).
const longLoop = 10_000_000
