package vm_test

import (
	"os"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

func TestMain(m *testing.M) {
	vm.VerifyModuleBase()
	os.Exit(m.Run())
}

// A pre-built module must look as if it had been imported alone: no other
// module's import may change it, except in ways no program can tell.
func TestModuleBaseSideEffects(t *testing.T) {
	// re: fractions and shlex compile patterns at import, which fills
	// re's private compile cache. abc: numbers and fractions register
	// the builtin number types and Fraction with numbers' ABCs, in abc's
	// private _registry; only isinstance checks against those ABCs (so
	// only programs that imported numbers) can tell.
	allowed := map[string]bool{"re": true, "abc": true}
	got := vm.ModuleBaseSideEffects()
	for name, by := range got {
		if !allowed[name] {
			t.Errorf("importing %v changes the pre-built %s", by, name)
		}
	}
	t.Logf("changed by other imports: %v", got)
}
