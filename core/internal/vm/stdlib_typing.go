package vm

// The typing module, written in Python and run in the sandbox.
//
// Subscripted forms (List[int], Optional[str], Callable[[int], str], ...)
// are _GenericAlias objects whose repr, equality and hashing follow
// CPython's. Generic and Protocol are real classes whose subscription
// returns the class itself, because the VM has no __mro_entries__:
// class Box(Generic[T]) therefore derives from Generic directly.
// NamedTuple and TypedDict are classes that build their subclasses in
// __init_subclass__.

func init() {

}
