package vm

// itertools, in Python: every iterator is a generator, so it is lazy, and
// it pauses and persists with the program. Arguments are checked when the
// iterator is created, as CPython does.

func init() {

}
