package compile

import (
	"fmt"
	"math/big"
	"sync/atomic"
)

// Flags describe a code object.
type Flags uint32

const (
	FlagVarArgs Flags = 1 << iota
	FlagVarKw
	FlagGenerator
	FlagCoroutine
	FlagAsyncGenerator
	FlagClassBody
	FlagModule
	FlagComprehension
)

// Instr is one instruction: the opcode in the low byte, the argument in the
// upper 24 bits.
type Instr uint32

// Op returns the opcode.
func (i Instr) Op() Opcode { return Opcode(i & 0xff) }

// Arg returns the argument.
func (i Instr) Arg() int { return int(i >> 8) }

// MakeInstr builds an instruction.
func MakeInstr(op Opcode, arg int) Instr { return Instr(uint32(op) | uint32(arg)<<8) }

// MaxArg is the largest instruction argument.
const MaxArg = 1<<24 - 1

// Ellipsis is the constant `...`.
type Ellipsis struct{}

// Code is a compiled function, class body, comprehension or module.
//
// Const values are nil (None), bool, int64, *big.Int, float64, complex128,
// string, []byte, Ellipsis, Tuple (a tuple of constants) or *Code.
type Code struct {
	Name         string
	QualName     string
	Filename     string
	FirstLine    int
	ArgCount     int // positional parameters, including positional-only
	PosOnlyCount int
	KwOnlyCount  int
	Flags        Flags
	Varnames     []string // fast locals: parameters first (*args, **kwargs last)
	Cellvars     []string // cells this code owns
	CellArgs     []int    // for each cellvar, the parameter index it starts from, or -1
	Freevars     []string // cells it receives from its closure
	Names        []string // global, attribute and import names
	Consts       []any
	Instrs       []Instr
	Lines        []int32 // source line of each instruction
	StackSize    int
	Source       []string // source lines, for tracebacks (shared by a file's codes)
	Docstring    any      // nil or the docstring (string) of the function, class or module

	// quick caches Quickened. Derived, not persisted.
	quick atomic.Pointer[[]Instr]
}

// Tuple is a constant tuple.
type Tuple []any

// NumLocals is the number of fast local slots.
func (c *Code) NumLocals() int { return len(c.Varnames) }

// NumCells is the number of cell slots (own cells plus free variables).
func (c *Code) NumCells() int { return len(c.Cellvars) + len(c.Freevars) }

// LineAt returns the source line of the instruction at pc.
func (c *Code) LineAt(pc int) int {
	if pc < 0 || pc >= len(c.Lines) {
		if len(c.Lines) > 0 {
			return int(c.Lines[len(c.Lines)-1])
		}
		return c.FirstLine
	}
	return int(c.Lines[pc])
}

// SourceLine returns the text of line n (1-based), or "".
func (c *Code) SourceLine(n int) string {
	if n < 1 || n > len(c.Source) {
		return ""
	}
	return c.Source[n-1]
}

// Disassemble renders the code for debugging and tests.
func (c *Code) Disassemble() string {
	s := fmt.Sprintf("code %s (%s) args=%d flags=%#x\n", c.QualName, c.Filename, c.ArgCount, c.Flags)
	for pc, in := range c.Instrs {
		s += fmt.Sprintf("%4d %4d %-22s %d\n", c.Lines[pc], pc, in.Op(), in.Arg())
	}
	for _, k := range c.Consts {
		if sub, ok := k.(*Code); ok {
			s += sub.Disassemble()
		}
	}
	return s
}

var _ = big.NewInt
