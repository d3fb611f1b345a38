package stdlib_test

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/progtest"
)

// The programs of testdata/<module>/, one directory per module.
func TestPrograms(t *testing.T) { progtest.Run(t, "testdata") }
