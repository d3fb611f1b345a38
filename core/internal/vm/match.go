package vm

import (
	"github.com/amber-sandbox/amber/core/internal/heap"
)

func (vm *VM) isMapping(v Value) bool {
	if _, ok := vm.DictOf(v); ok {
		return true
	}
	if vm.IsInstanceObj(v) {
		return vm.LookupClassStr(vm.TypeOf(v), "keys").K != heap.KUndef && vm.LookupClassStr(vm.TypeOf(v), "__getitem__").K != heap.KUndef
	}
	return false
}

func (vm *VM) isMatchSequence(v Value) bool {
	p := vm.Prim(v)
	if p.K != heap.KRef {
		return false
	}
	switch o := vm.H.Get(p).(type) {
	case *heap.List, *heap.Tuple, *heap.Range:
		return true
	case *heap.Instance:
		return vm.LookupClassStr(o.Class, "__getitem__").K != heap.KUndef && vm.LookupClassStr(o.Class, "__len__").K != heap.KUndef
	}
	return false
}

func (vm *VM) matchKeys(subject, keys Value) (Value, error) {
	var vals []Value
	for _, k := range vm.listItems(keys) {
		var v Value
		var ok bool
		if d, isd := vm.DictOf(subject); isd && !vm.IsInstanceObj(subject) {
			var err error
			v, ok, err = vm.DictGet(d, k)
			if err != nil {
				return heap.Undef, err
			}
		} else {
			r, err := vm.CallMethod(subject, "get", k, vm.matchSentinel())
			if err != nil {
				return heap.Undef, err
			}
			v, ok = r, r != vm.matchSentinel()
		}
		if !ok {
			return heap.None, nil
		}
		vals = append(vals, v)
	}
	return vm.NewTuple(vals), nil
}

func (vm *VM) matchSentinel() Value { return vm.Types[TNotImplementedType] }

func (vm *VM) copyDictWithout(subject, keys Value) (Value, error) {
	out := vm.NewDict()
	od := vm.H.Get(out).(*heap.Dict)
	skip := vm.listItems(keys)
	items, err := vm.CallMethod(subject, "items")
	if err != nil {
		return heap.Undef, err
	}
	err = vm.Iterate(items, func(kv Value) error {
		p := vm.listItems(kv)
		for _, s := range skip {
			if eq, _ := vm.Eq(p[0], s); eq {
				return nil
			}
		}
		return vm.DictSet(od, p[0], p[1])
	})
	return out, err
}

// matchClass is MATCH_CLASS: isinstance check plus positional (via
// __match_args__) and keyword attribute extraction.
func (vm *VM) matchClass(subject, cls Value, npos int, kwnames Value) (Value, error) {
	if _, ok := vm.H.Get(cls).(*heap.Class); !ok {
		return heap.Undef, vm.TypeError("called match pattern must be a class")
	}
	if !vm.IsSubclass(vm.TypeOf(subject), cls) {
		return heap.None, nil
	}
	var out []Value
	if npos > 0 {
		c := vm.ClassOf(cls)
		selfMatch := c.Flags&ClassUser == 0 && TypeID(c.Builtin) != TObject
		if !selfMatch {
			for _, m := range c.MRO {
				if mc := vm.ClassOf(m); mc.Flags&ClassUser == 0 {
					switch TypeID(mc.Builtin) {
					case TBool, TInt, TFloat, TStr, TBytes, TList, TTuple, TDict, TSet, TFrozenSet, TByteArray:
						if m == cls {
							selfMatch = true
						}
					}
				}
			}
		}
		if selfMatch {
			if npos > 1 {
				return heap.Undef, vm.TypeError("%s() accepts 1 positional sub-pattern (%d given)", vm.ClassName(cls), npos)
			}
			out = append(out, subject)
		} else {
			ma := vm.LookupClassStr(cls, "__match_args__")
			if ma.K == heap.KUndef {
				return heap.Undef, vm.TypeError("%s() accepts 0 positional sub-patterns (%d given)", vm.ClassName(cls), npos)
			}
			names := vm.listItems(ma)
			if npos > len(names) {
				return heap.Undef, vm.TypeError("%s() accepts %d positional sub-pattern%s (%d given)", vm.ClassName(cls), len(names), plural(len(names), "", "s"), npos)
			}
			var found bool
			var err error
			if out, found, err = vm.matchAttrs(out, subject, names[:npos]); !found || err != nil {
				return matchFailed(err)
			}
		}
	}
	out, found, err := vm.matchAttrs(out, subject, vm.listItems(kwnames))
	if !found || err != nil {
		return matchFailed(err)
	}
	return vm.NewTuple(out), nil
}

// matchFailed is a class pattern's result when an attribute is missing
// (None) or its lookup raised err.
func matchFailed(err error) (Value, error) {
	if err != nil {
		return heap.Undef, err
	}
	return heap.None, nil
}

// matchAttrs appends the attributes names of subject to out; found is
// false when one is missing, which fails the class pattern.
func (vm *VM) matchAttrs(out []Value, subject Value, names []Value) (_ []Value, found bool, err error) {
	for _, n := range names {
		v, err := vm.getAttr(subject, n)
		if err != nil {
			if vm.ErrIs(err, TAttributeError) {
				return out, false, nil
			}
			return out, false, err
		}
		out = append(out, v)
	}
	return out, true, nil
}

// opBeforeWith is BEFORE_WITH: [mgr] -> [exit, mgr.__enter__()].
func (vm *VM) opBeforeWith(f *heap.Frame, async bool) error {
	mgr := pop(f)
	enterName, exitName := "__enter__", "__exit__"
	if async {
		enterName, exitName = "__aenter__", "__aexit__"
	}
	cls := vm.TypeOf(mgr)
	enter := vm.LookupClassStr(cls, enterName)
	exit := vm.LookupClassStr(cls, exitName)
	if enter.K == heap.KUndef || exit.K == heap.KUndef {
		what := "context manager"
		if async {
			what = "asynchronous context manager"
		}
		missing := ""
		if enter.K == heap.KUndef {
			missing = ""
		} else {
			missing = " (missed " + exitName + " method)"
		}
		return vm.TypeError("'%s' object does not support the %s protocol%s", vm.TypeName(mgr), what, missing)
	}
	push(f, vm.BindMethod(exit, mgr, cls))
	if vm.isPyFunc(enter) {
		return vm.pushPyCall(enter, []Value{mgr}, heap.RetPush, 0, heap.Undef, heap.Undef)
	}
	r, err := vm.Call(vm.BindMethod(enter, mgr, cls))
	if err != nil {
		return err
	}
	push(f, r)
	return nil
}
