package vm_test

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/progtest"
)

// The language and builtin-type programs in testdata/<feature>/.
func TestPrograms(t *testing.T) { progtest.Run(t, "testdata") }
