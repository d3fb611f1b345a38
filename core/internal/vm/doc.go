// Package vm executes compiled Python code on the paged heap. It keeps an
// explicit frame stack: a Python-to-Python call pushes a frame and never
// recurses on the Go stack, so a run can stop between any two instructions
// (a host call, a name lookup, a deadline) and be resumed later, possibly
// after the whole heap was written out and read back.
//
// Builtins that need to call back into Python either hand the call to the
// eval loop as a new frame with a continuation (RetKind), or, where that is
// impractical, run a nested loop; a suspension inside a nested loop is
// refused with a clear error.
//
// Where things are:
//
//   - vm.go, run.go: the VM, its limits and the entry points (StartModule,
//     Resume, Call); host.go: suspensions and what the host provides.
//   - eval.go: the hot loop; ops.go: the generic operations it dispatches
//     to (binary ops, comparison, hashing, truth, items, membership).
//   - call.go, args.go: calls and argument binding (UnpackArgs is the one
//     helper builtins use to check and bind their arguments); attr.go: attribute
//     lookup; classes.go, object.go: classes, object and type;
//     exceptions.go, match.go, iter.go, async.go: exceptions, match
//     statements, iteration and generators, coroutines.
//   - one file per builtin type: str.go, bytes.go, list.go, tuple.go,
//     range.go, slice.go, dict.go, set.go, int.go, float.go, complex.go
//     (numbers.go: what the numeric types share; text.go: what str and
//     bytes share); containers.go: what the container types share
//     (indexing, comparison, repr, hashing);
//     format.go: format() and %; sort.go: list.sort and sorted.
//   - builtins.go: the builtins module; types.go: the builtin classes and
//     the registry of builtin functions; modules.go: import and sys;
//     pymodules.go, runtime/*.py: modules written in Python, compiled once
//     per process; resumable.go: builtins that call back into Python.
//   - snapshot.go: dumps and loads (DumpPages, LoadPages, Manifest,
//     DecodeManifest, Dump, Load).
//
// Dependencies: syntax, compile, heap, pystr and pyfmt. The standard
// library (package stdlib) registers its modules with the VM, never the
// other way round.
package vm
