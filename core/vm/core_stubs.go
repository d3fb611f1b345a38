package vm

import (
	"github.com/amber-sandbox/amber/core/compile"
	"github.com/amber-sandbox/amber/core/heap"
)

// Placeholders the lead engineer is replacing with the real core.

var _ = compile.NOP
var _ = heap.None
