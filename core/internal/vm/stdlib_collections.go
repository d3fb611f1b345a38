package vm

// collections and collections.abc, written in Python so that they pause and
// persist like user code: deque, Counter, defaultdict, OrderedDict,
// namedtuple, ChainMap, UserDict/UserList, and the abstract base classes
// with isinstance checks that recognise the builtin types.

func init() {

}
