package vm

// copy, in Python: shallow and deep copies of builtin containers and of
// instances (their __dict__, __slots__, builtin base data and
// __getstate__/__setstate__), with __copy__/__deepcopy__ hooks and a memo
// that makes cycles and shared references come out right.

func init() {

}
