package vm

// The enum module, written in Python and run in the sandbox.
//
// CPython builds members in EnumType.__new__ and answers iter(Color),
// len(Color), Color(1) and `x in Color` through the metaclass. Amber's
// __build_class__ creates a class with a user metaclass without calling
// the metaclass's __new__, so members are built in Enum.__init_subclass__
// instead, and Color(1) is answered by Enum.__new__. The metaclass,
// EnumType, still carries __iter__, __len__, __contains__, __getitem__,
// __repr__ and __bool__, so those work as soon as the VM looks special
// methods of a class up on its metaclass; until then use Color.__members__
// or Color._member_names_ for iteration. Color['RED'] works today through
// __class_getitem__.

func init() {

}
