// Package core is Amber's interpreter as a user imports it: a Session runs
// feeds of Python source in a sandbox, pauses at host function calls, name
// lookups and futures (the progress kinds), and dumps and loads its whole
// state. Config and Limits configure a session; errors are typed (see
// errors.go). Run runs a complete program once.
//
// Beyond host functions and names, a feed can reach the host through:
//
//   - host objects (hostobj.go): Go values handed in, whose method calls,
//     constructions ("__call__") and lazy attributes suspend with
//     ObjectID set; ResumeAuto dispatches them through the HostObject and
//     HostAttrs interfaces (never reflection). After a load they are
//     proxies that refuse calls.
//   - the file system (mounts.go, notfound.go): open, os, os.path and
//     pathlib are served by FeedOptions.Mounts (ro, rw, overlay; overlay
//     writes live in the heap and travel with dumps, the mounts do not; a
//     mount's Mount.FS, volumefs.go, serves it from the embedder instead
//     of a host directory), and anything else suspends as a FunctionCall with OSCall set, the
//     operation and its arguments as plain values: open (path, mode) for
//     reading, write_file and append_file (path, bytes), stat, listdir,
//     mkdir, remove, rmdir (path), rename (src, dst). FeedOptions.OS answers
//     them under ResumeAuto; ResumeNotHandled gives CPython's OSError.
//     FeedOptions.ClientMounts (clientmount.go) are mounts the embedder
//     serves itself (the step engine's clients): their operations are
//     such OS calls too, with the mode enforced here and overlay writes
//     kept in the heap; a ".." out of any mount is PermissionError.
//   - undeclared names (startmode_test.go): FeedStart runs in start mode,
//     where a call of an undefined name pauses as a FunctionCall and a
//     read of one as a NameLookup (the compiler marks bare-name callees of
//     feeds; vm.StartHost); the mode is saved in dumps. FeedRun and
//     FeedStep raise NameError for names nobody declared.
//   - async host functions (async.go): FeedOptions.Async, or a HostFunc
//     returning Go's *Future, run concurrently under FeedRun and ResumeAuto.
//
// Config.TypeCheck (typecheck.go, internal/typecheck) checks each feed
// before it runs and reports every finding as a *TypeCheckError.
//
// Everything else lives under internal/, one stage or concern per package:
//
//	syntax -> compile -> heap -> vm <- stdlib (registers its modules)
//	syntax -> typecheck (static checks of a feed)
//	pystr, pyfmt, pyre: pure helpers (str methods, formatting, regex)
//
// core/vm, core/syntax and core/compile are transitional forwarding
// packages for code outside core that has not moved to this package's API.
//
// Dependencies: the interpreter (internal/vm, heap, compile, syntax) and
// the standard library (internal/stdlib), which it links. Nothing under
// internal imports core.
package core
