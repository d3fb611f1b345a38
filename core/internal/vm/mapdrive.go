package vm

import (
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// sum, any, all, list and tuple of a map of a Python function over a
// builtin iterator (a list, tuple, range ...) drain it without a frame of
// their own, as they drain a generator (see drive.go): the function's
// frame runs with RetMapDrive, which builtin in RetArg, the builtin's
// running result in Aux[0] and the map in Aux[1]. Its return hands the
// value to mapDriveReturn, which takes it and pushes the frame of the
// next item's call straight away, or delivers the builtin's result to the
// frame that called it. A value that needs Python code to take (an
// __add__, a __bool__) hands the rest of the job to _amber.drive_rest.

// list and tuple drain a filter of a Python predicate the same way
// (driveFilterList, driveFilterTuple): the running result is a list whose
// first item is the filter, Aux[1] holds the item whose predicate runs,
// and its return takes the item when the value is true.

// mapDriveFn reports the Python function of the map (or filter) mv and
// its object, when mv is one that a builtin may drain with RetMapDrive.
func (vm *VM) mapDriveFn(mv Value) (*heap.Iter, *heap.Function, bool) {
	m, ok := vm.refObj(mv).(*heap.Iter)
	if !ok || (m.Kind != heap.IterMap && m.Kind != heap.IterFilter) || len(m.Vals) != 1 || m.Seq.K != heap.KRef {
		return nil, nil, false
	}
	fn, ok := vm.H.Get(m.Seq).(*heap.Function)
	if !ok {
		return nil, nil, false
	}
	if _, ok := vm.refObj(m.Vals[0]).(*heap.Iter); !ok || vm.needsFrames(m.Vals[0]) {
		return nil, nil, false
	}
	return m, fn, true
}

// mapDriveHeld is mapDriveFn for the map (or filter) of a running drain,
// which mapDriveFn accepted when the drain started: its function and
// iterator are fixed, and that iterator, a builtin one not needing
// frames, stays one.
func (vm *VM) mapDriveHeld(mv Value) (*heap.Iter, *heap.Function, bool) {
	m, ok := vm.refObj(mv).(*heap.Iter)
	if !ok || (m.Kind != heap.IterMap && m.Kind != heap.IterFilter) || len(m.Vals) != 1 || m.Seq.K != heap.KRef || m.Vals[0].K != heap.KRef {
		return nil, nil, false
	}
	fn, ok := vm.H.Get(m.Seq).(*heap.Function)
	if !ok {
		return nil, nil, false
	}
	if _, ok := vm.H.Get(m.Vals[0]).(*heap.Iter); !ok {
		return nil, nil, false
	}
	return m, fn, true
}

// startMapDrive is startDrive for a map mv that mapDriveFn accepts.
func (vm *VM) startMapDrive(mv Value, kind int32, acc Value) (r Value, ok bool, err error) {
	m, fn, ok := vm.mapDriveFn(mv)
	if !ok {
		return heap.Undef, false, nil
	}
	if m.Kind == heap.IterFilter {
		l, ok := vm.refObj(acc).(*heap.List)
		if !ok || (kind != driveList && kind != driveTuple) {
			return heap.Undef, false, nil
		}
		l.Items = append(l.Items, mv)
		vm.H.Touch(acc)
		kind += driveFilterList - driveList
	}
	vm.tailName = ""
	x, more, err := vm.iterNext(m.Vals[0], vm.H.Get(m.Vals[0]).(*heap.Iter))
	if err != nil {
		return heap.Undef, true, err
	}
	if !more {
		r, err := vm.driveResult(kind, acc)
		return r, true, err
	}
	if m.Kind == heap.IterFilter {
		if err := vm.pushItemCall(m.Seq, fn, x, heap.RetMapDrive, kind, acc, x); err != errFramePushed {
			return heap.Undef, true, err
		}
		return heap.Undef, true, nil
	}
	if err := vm.pushItemCall(m.Seq, fn, x, heap.RetMapDrive, kind, acc, mv); err != errFramePushed {
		return heap.Undef, true, err
	}
	return heap.Undef, true, nil
}

// mapDriveReturn takes v, the value of a RetMapDrive call whose frame has
// returned to caller (aux its Aux), into the builtin's result, and steps
// the map on.
func (vm *VM) mapDriveReturn(caller *heap.Frame, kind int32, aux [3]Value, v Value) error {
	acc, mv := aux[0], aux[1]
	switch kind {
	case driveFilterList, driveFilterTuple:
		return vm.filterDriveReturn(caller, kind, acc, aux[1], v)
	case driveMin, driveMax:
		return vm.keyDriveReturn(caller, kind, acc, aux[1], v)
	case driveSum:
		r, ok := vm.sumStep(acc, v)
		if !ok {
			return vm.mapDriveRest(kind, acc, v, mv)
		}
		acc = r
	case driveAny, driveAll:
		t, ok := vm.truthNative(v)
		if !ok {
			return vm.mapDriveRest(kind, acc, v, mv)
		}
		if want := kind == driveAny; t == want {
			push(caller, heap.Bool(want))
			return nil
		}
	case driveList, driveTuple, driveSorted, driveSortedRev:
		l, ok := vm.refObj(acc).(*heap.List)
		if !ok {
			return &Fatal{Kind: "internal", Msg: "map drain lost its list"}
		}
		if len(l.Items) == cap(l.Items) {
			if err := vm.roomFor(len(l.Items), cap(l.Items)); err != nil {
				return err
			}
		}
		l.Items = append(l.Items, v)
		vm.H.TouchItem(acc, len(l.Items)-1, len(l.Items))
	default:
		return &Fatal{Kind: "internal", Msg: "unknown map drain"}
	}
	return vm.driveNext(caller, kind, acc, mv, false)
}

// driveNext steps the map or filter a drive holds in mv and pushes the
// call for its next item, or finishes the drive when it is spent. The
// pushed frame carries, next to acc, the item itself when keepItem is set
// (a filter or key drive needs it back on return), else mv.
func (vm *VM) driveNext(caller *heap.Frame, kind int32, acc, mv Value, keepItem bool) error {
	m, fn, ok := vm.mapDriveHeld(mv)
	if !ok {
		return &Fatal{Kind: "internal", Msg: "a map, filter or key drain lost its iterator"}
	}
	x, more, err := vm.mapDriveStep(m)
	if err != nil {
		return err
	}
	if !more {
		return vm.mapDriveDone(caller, kind, acc)
	}
	aux := mv
	if keepItem {
		aux = x
	}
	if err := vm.pushItemCall(m.Seq, fn, x, heap.RetMapDrive, kind, acc, aux); err != errFramePushed {
		return err
	}
	return nil
}

// mapDriveStep steps the iterator of the drained map (or filter) m,
// counting a step for the limits (the step budget pauses a drain between
// items, as iterNext would).
func (vm *VM) mapDriveStep(m *heap.Iter) (Value, bool, error) {
	if err := vm.checkLimits(); err != nil {
		return heap.Undef, false, err
	}
	subv := m.Vals[0]
	sub := vm.H.Get(subv).(*heap.Iter)
	if x, ok := vm.stepSeq(subv, sub); ok {
		return x, true, nil
	}
	return vm.iterNext(subv, sub)
}

// filterDriveReturn takes v, the predicate's value for the item x, into
// the list acc of a filter's drain (its first item the filter), and
// steps the filter on.
func (vm *VM) filterDriveReturn(caller *heap.Frame, kind int32, acc, x, v Value) error {
	l, ok := vm.refObj(acc).(*heap.List)
	if !ok || len(l.Items) == 0 {
		return &Fatal{Kind: "internal", Msg: "filter drain lost its list"}
	}
	mv := l.Items[0]
	// The value's __bool__ runs as for a filter feeding FOR_ITER (see
	// deliver's RetFilter).
	t, err := vm.Truth(v)
	if err != nil {
		return err
	}
	if t {
		if len(l.Items) == cap(l.Items) {
			if err := vm.roomFor(len(l.Items), cap(l.Items)); err != nil {
				return err
			}
		}
		l.Items = append(l.Items, x)
		vm.H.TouchItem(acc, len(l.Items)-1, len(l.Items))
	}
	return vm.driveNext(caller, kind, acc, mv, true)
}

// mapDriveDone delivers the builtin's result to caller: the map ran out
// (or its function raised StopIteration, which ends it).
func (vm *VM) mapDriveDone(caller *heap.Frame, kind int32, acc Value) error {
	r, err := vm.driveResult(kind, acc)
	if err != nil {
		return err
	}
	push(caller, r)
	return nil
}

// mapDriveRest hands the rest of a sum, any or all to _amber.drive_rest,
// which returns the result to the builtin's caller.
func (vm *VM) mapDriveRest(kind int32, acc, v, mv Value) error {
	fn, err := vm.amberFunc("drive_rest")
	if err != nil {
		return err
	}
	if err := vm.pushPyCall(fn, []Value{heap.Int(int64(kind)), acc, v, mv}, heap.RetPush, 0, heap.Undef, heap.Undef); err != errFramePushed {
		return err
	}
	return nil
}

// isMapIter reports whether v is a map that a builtin may drain with
// RetMapDrive.
func (vm *VM) isMapIter(v Value) bool {
	_, _, ok := vm.mapDriveFn(v)
	return ok
}
