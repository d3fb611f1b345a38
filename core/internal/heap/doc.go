// Package heap holds the interpreter's data: tagged values, the objects they
// point to, and the paged, handle-addressed heap those objects live in.
//
// A Value is a small tagged word. Immediates (None, bools, machine-sized
// ints, floats, NotImplemented, Ellipsis) carry their payload inline; every
// other Python object lives in the heap and a Value refers to it by Handle.
// Objects refer to each other only by Value, never by Go pointer, so the
// heap can be written out page by page and read back in another process.
//
// Dependencies: compile (code objects are heap objects).
package heap
