package vm

// This file declares the str/bytes hooks the generic operations call. The
// strings engineer replaces it with the real implementations.

// strBinary implements + (concatenation), * (repetition with an int on
// either side) and % (printf-style formatting) for str, bytes and
// bytearray operands; heap.NotImplemented otherwise.
func (vm *VM) strBinary(op int, a, b Value) (Value, error) { panic("strBinary") }

// strCompare compares two str (or two bytes-like) values; ok=false otherwise.
func (vm *VM) strCompare(op int, a, b Value) (r bool, ok bool) { panic("strCompare") }

// reprString is repr() of str, bytes and bytearray; ok=false otherwise.
func (vm *VM) reprString(v Value) (string, bool) { panic("reprString") }

// strGetItem indexes or slices str, bytes and bytearray; handled=false otherwise.
func (vm *VM) strGetItem(obj, key Value) (r Value, handled bool, err error) { panic("strGetItem") }

// strContains implements `item in s` for str/bytes/bytearray; handled=false otherwise.
func (vm *VM) strContains(container, item Value) (r bool, handled bool, err error) {
	panic("strContains")
}

// formatValue implements FORMAT_VALUE: conv is 0 (none), 1 (str), 2 (repr),
// 3 (ascii); spec is a str value or heap.Undef. Returns a str value.
func (vm *VM) formatValue(v Value, conv int, spec Value) (Value, error) { panic("formatValue") }

// Format is format(v, spec): numbers and strings natively, instances
// through __format__, object.__format__ rules otherwise.
func (vm *VM) Format(v Value, spec string) (string, error) { panic("Format") }
