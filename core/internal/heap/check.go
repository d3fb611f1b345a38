package heap

// Validation of decoded data: reference kinds, code objects and frames.
// Dumps are untrusted input, so every index and program counter is checked
// before the interpreter can see it.

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/amber-sandbox/amber/core/internal/compile"
)

// is reports whether v refers to an object of type T in objs.
func is[T Object](objs []Object, v Value) bool {
	if v.K != KRef || v.N >= uint64(len(objs)) {
		return false
	}
	_, ok := objs[v.N].(T)
	return ok
}

func isOpt[T Object](objs []Object, v Value) bool { return v.K == KUndef || is[T](objs, v) }

func (l *Loader) checkCodeObj(hd Handle, x *CodeObj) error {
	objs := l.objs
	c := x.Code
	nconsts := len(c.Consts) // sized by the decoder (decodeCode)
	if len(x.Consts) != nconsts+len(c.Names) {
		return fmt.Errorf("%d constants for %d consts and %d names", len(x.Consts), nconsts, len(c.Names))
	}
	for _, n := range x.Consts[nconsts:] {
		if !is[*Str](objs, n) {
			return errors.New("name constant is no str")
		}
	}
	if err := CheckCode(c, nconsts); err != nil {
		return err
	}
	for _, in := range c.Instrs {
		if in.Op() == compile.KW_NAMES {
			t, ok := objs[x.Consts[in.Arg()].N].(*Tuple)
			if !ok || x.Consts[in.Arg()].K != KRef {
				return errors.New("KW_NAMES constant is no tuple")
			}
			for _, k := range t.Items {
				if !is[*Str](objs, k) {
					return errors.New("keyword name is no str")
				}
			}
		}
	}
	return l.codeConsts(x)
}

// codeConsts rebuilds the compile-time constants of a code object from
// their heap values (the decoder sized the table).
func (l *Loader) codeConsts(x *CodeObj) error {
	c := x.Code
	if len(x.Consts) != len(c.Consts)+len(c.Names) {
		return fmt.Errorf("%d constants for %d consts and %d names", len(x.Consts), len(c.Consts), len(c.Names))
	}
	for i, v := range x.Consts[:len(c.Consts)] {
		c.Consts[i] = constOf(l.objs, v, 0)
	}
	return nil
}

// objAt returns the object of type T that v refers to in objs.
func objAt[T Object](objs []Object, v Value) (T, bool) {
	if v.K != KRef || v.N >= uint64(len(objs)) {
		var zero T
		return zero, false
	}
	o, ok := objs[v.N].(T)
	return o, ok
}

// constOf rebuilds a compile-time constant from its heap value.
func constOf(objs []Object, v Value, depth int) any {
	switch v.K {
	case KBool:
		return v.B()
	case KInt:
		return v.I()
	case KFloat:
		return v.F()
	case KEllipsis:
		return compile.Ellipsis{}
	case KRef:
		switch o := objs[v.N].(type) {
		case *Str:
			return o.S
		case *Bytes:
			return o.B
		case *BigInt:
			return new(big.Int).Set(&o.V)
		case *Complex:
			return complex(o.Re, o.Im)
		case *CodeObj:
			return o.Code
		case *Tuple:
			if depth > 32 {
				return nil
			}
			t := make(compile.Tuple, len(o.Items))
			for i, e := range o.Items {
				t[i] = constOf(objs, e, depth+1)
			}
			return t
		}
	}
	return nil
}

// CheckCode validates compiled code for the eval loop: every opcode known,
// every argument in range for what it indexes, jump targets inside the
// code, one line per instruction, and counts that fit together.
func CheckCode(c *compile.Code, nconsts int) error {
	nloc, ncell, nnames := len(c.Varnames), len(c.Cellvars)+len(c.Freevars), len(c.Names)
	n := len(c.Instrs)
	if len(c.Lines) != n {
		return fmt.Errorf("%d lines for %d instructions", len(c.Lines), n)
	}
	if n == 0 {
		return errors.New("no instructions")
	}
	if c.CellArgs != nil && len(c.CellArgs) != len(c.Cellvars) {
		return errors.New("cell argument table does not match cells")
	}
	for _, a := range c.CellArgs {
		if a < -1 || a >= nloc {
			return fmt.Errorf("cell argument %d out of range", a)
		}
	}
	params := c.ArgCount + c.KwOnlyCount
	if c.Flags&compile.FlagVarArgs != 0 {
		params++
	}
	if c.Flags&compile.FlagVarKw != 0 {
		params++
	}
	if params > nloc || c.PosOnlyCount > c.ArgCount {
		return errors.New("more parameters than locals")
	}
	// The operand stack can only grow by what the instructions push: a
	// bound that keeps hostile code from asking for huge frames.
	limit := 64 + 2*n
	for pc, in := range c.Instrs {
		op, arg := in.Op(), in.Arg()
		var bound int
		switch op {
		case compile.LOAD_CONST, compile.KW_NAMES:
			bound = nconsts
		case compile.LOAD_FAST, compile.STORE_FAST, compile.DELETE_FAST:
			bound = nloc
		case compile.LOAD_DEREF, compile.STORE_DEREF, compile.DELETE_DEREF, compile.LOAD_CLOSURE:
			bound = ncell
		case compile.LOAD_GLOBAL, compile.STORE_GLOBAL, compile.DELETE_GLOBAL,
			compile.LOAD_NAME, compile.STORE_NAME, compile.DELETE_NAME,
			compile.LOAD_ATTR, compile.STORE_ATTR, compile.DELETE_ATTR, compile.LOAD_METHOD,
			compile.IMPORT_NAME, compile.IMPORT_FROM, compile.STORE_ANNOTATION:
			bound = nnames
		case compile.JUMP, compile.POP_JUMP_IF_FALSE, compile.POP_JUMP_IF_TRUE,
			compile.JUMP_IF_FALSE_OR_POP, compile.JUMP_IF_TRUE_OR_POP,
			compile.POP_JUMP_IF_NONE, compile.POP_JUMP_IF_NOT_NONE,
			compile.FOR_ITER, compile.SEND, compile.SETUP_FINALLY:
			bound = n
		case compile.UNPACK_SEQUENCE:
			limit += arg
			continue
		case compile.UNPACK_EX:
			limit += arg&0xff + arg>>8
			continue
		default:
			// This also rejects the fused opcodes (compile.Quicken),
			// which only the eval loop's derived copy of the code
			// holds: they read the next instruction unchecked.
			if op >= compile.NumOpcodes {
				return fmt.Errorf("unknown opcode %d at %d", op, pc)
			}
			continue
		}
		if arg >= bound {
			return fmt.Errorf("%v argument %d out of range at %d", op, arg, pc)
		}
	}
	if c.StackSize > limit {
		return fmt.Errorf("stack size %d too large", c.StackSize)
	}
	return nil
}

// CheckFrame validates a frame against its code: slot count, stack
// pointer, program counter, block stack and cell slots.
func CheckFrame(objs []Object, f *Frame) error {
	if !is[*CodeObj](objs, f.Code) || !is[*Dict](objs, f.Globals) || !isOpt[*Function](objs, f.Func) || !isOpt[*Generator](objs, f.Gen) {
		return errors.New("frame: bad code, globals, function or generator")
	}
	if f.Locals.K != KUndef && f.Locals.K != KRef {
		return errors.New("frame: bad locals")
	}
	co := objs[f.Code.N].(*CodeObj)
	c := co.Code
	nloc, ncell := len(c.Varnames), len(c.Cellvars)+len(c.Freevars)
	if len(f.Slots) != nloc+ncell+c.StackSize+4 {
		return fmt.Errorf("frame: %d slots, code needs %d", len(f.Slots), nloc+ncell+c.StackSize+4)
	}
	if int(f.SP) < nloc+ncell || int(f.SP) > len(f.Slots) {
		return fmt.Errorf("frame: stack pointer %d out of range", f.SP)
	}
	if f.PC < 0 || int(f.PC) > len(c.Instrs) {
		return fmt.Errorf("frame: pc %d out of range", f.PC)
	}
	for _, b := range f.Blocks {
		if b.Handler < 0 || int(b.Handler) >= len(c.Instrs) || b.Level < int32(nloc+ncell) || b.Level > f.SP {
			return fmt.Errorf("frame: block %+v out of range", b)
		}
	}
	for i := nloc; i < nloc+ncell; i++ {
		if !is[*Cell](objs, f.Slots[i]) {
			return errors.New("frame: cell slot holds no cell")
		}
	}
	f.C = co
	return nil
}
