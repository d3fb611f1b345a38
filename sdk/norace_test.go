//go:build !race

package sdk

const loopScale = 1
