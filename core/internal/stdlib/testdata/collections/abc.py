from collections.abc import Iterable, Mapping, Sequence, Callable, Hashable, Iterator
print([isinstance(v, Iterable) for v in ([], {}, 1, 'a', iter([]))])
print([isinstance(v, Mapping) for v in ([], {}, 1)], [isinstance(v, Sequence) for v in ([], (), 'a', {})])
print(isinstance(len, Callable), isinstance(1, Callable), isinstance([], Hashable), isinstance((), Hashable), isinstance(iter(()), Iterator))
