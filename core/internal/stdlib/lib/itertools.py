# itertools, in Python: every iterator is a generator, so it is lazy, and
# it pauses and persists with the program. Arguments are checked when the
# iterator is created, as CPython does.
_MAXSIZE = 9223372036854775807


def _check_int(name, v):
    if not isinstance(v, int):
        raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")
    return v


def _check_r(r):
    _check_int('r', r)
    if r < 0:
        raise ValueError('r must be non-negative')


def _count(n, step):
    while True:
        yield n
        n += step


def count(start=0, step=1):
    for v in (start, step):
        if not isinstance(v, (int, float, complex)) and not hasattr(v, '__add__'):
            raise TypeError('a number is required')
    return _count(start, step)


def _cycle(it):
    saved = []
    for element in it:
        yield element
        saved.append(element)
    if not saved:
        return
    while True:
        for element in saved:
            yield element


def cycle(iterable):
    return _cycle(iter(iterable))


def _repeat_forever(obj):
    while True:
        yield obj


def _repeat_n(obj, times):
    for _ in range(times):
        yield obj


def repeat(object, times=None):
    if times is None:
        return _repeat_forever(object)
    _check_int('times', times)
    return _repeat_n(object, max(times, 0))


def _accumulate(it, func, initial):
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    if func is None:
        for element in it:
            total = total + element
            yield total
    else:
        for element in it:
            total = func(total, element)
            yield total


def accumulate(iterable, func=None, *, initial=None):
    return _accumulate(iter(iterable), func, initial)


def _chain(iterables):
    for it in iterables:
        for element in it:
            yield element


def chain(*iterables):
    return _chain(iterables)


def _from_iterable(iterable):
    return _chain(iter(iterable))


chain.from_iterable = _from_iterable


def _compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def compress(data, selectors):
    return _compress(iter(data), iter(selectors))


def _dropwhile(predicate, it):
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def dropwhile(predicate, iterable):
    return _dropwhile(predicate, iter(iterable))


def _takewhile(predicate, it):
    for x in it:
        if predicate(x):
            yield x
        else:
            break


def takewhile(predicate, iterable):
    return _takewhile(predicate, iter(iterable))


def _filterfalse(predicate, it):
    if predicate is None:
        predicate = bool
    for x in it:
        if not predicate(x):
            yield x


def filterfalse(predicate, iterable):
    return _filterfalse(predicate, iter(iterable))


def _starmap(function, it):
    for args in it:
        yield function(*args)


def starmap(function, iterable):
    return _starmap(function, iter(iterable))


def _islice(it, start, stop, step):
    cnt = 0
    nxt = start
    while True:
        while cnt < nxt:
            try:
                next(it)
            except StopIteration:
                return
            cnt += 1
        if stop is not None and cnt >= stop:
            return
        try:
            item = next(it)
        except StopIteration:
            return
        cnt += 1
        nxt += step
        if stop is not None and nxt > stop:
            nxt = stop
        yield item


def _islice_index(v, msg):
    if v is None:
        return None
    if hasattr(v, '__index__'):
        v = v.__index__()
        if 0 <= v <= _MAXSIZE:
            return v
    raise ValueError(msg)


def islice(iterable, *args):
    if not args:
        raise TypeError('islice expected at least 2 arguments, got 1')
    if len(args) > 3:
        raise TypeError(f'islice expected at most 4 arguments, got {len(args) + 1}')
    if len(args) == 1:
        start, step = 0, 1
        stop = _islice_index(args[0], 'Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    else:
        msg = 'Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.'
        start = _islice_index(args[0], msg)
        stop = _islice_index(args[1], 'Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        step = 1
        if len(args) == 3 and args[2] is not None:
            try:
                step = _islice_index(args[2], '')
            except ValueError:
                step = 0
            if step == 0:
                raise ValueError('Step for islice() must be a positive integer or None.')
        if start is None:
            start = 0
    return _islice(iter(iterable), start, stop, step)


def _pairwise(it):
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


def pairwise(iterable):
    return _pairwise(iter(iterable))


def _tee_gen(it, node):
    while True:
        if node[1] is None:
            try:
                value = next(it)
            except StopIteration:
                return
            node[0] = value
            node[1] = [None, None]
        yield node[0]
        node = node[1]


def tee(iterable, n=2):
    _check_int('n', n)
    if n < 0:
        raise ValueError('n must be >= 0')
    it = iter(iterable)
    head = [None, None]
    return tuple(_tee_gen(it, head) for _ in range(n))


def _zip_longest(iterators, fillvalue):
    num_active = len(iterators)
    if not num_active:
        return
    iterators = list(iterators)
    while True:
        values = []
        for i, it in enumerate(iterators):
            if it is None:
                values.append(fillvalue)
                continue
            try:
                value = next(it)
            except StopIteration:
                num_active -= 1
                if not num_active:
                    return
                iterators[i] = None
                value = fillvalue
            values.append(value)
        yield tuple(values)


def zip_longest(*iterables, fillvalue=None):
    return _zip_longest([iter(it) for it in iterables], fillvalue)


def _product(pools):
    n = len(pools)
    for pool in pools:
        if not pool:
            return
    indices = [0] * n
    yield tuple(pool[0] for pool in pools)
    while True:
        i = n - 1
        while i >= 0:
            indices[i] += 1
            if indices[i] < len(pools[i]):
                break
            indices[i] = 0
            i -= 1
        if i < 0:
            return
        yield tuple(pools[j][indices[j]] for j in range(n))


def product(*iterables, repeat=1):
    _check_int('repeat', repeat)
    if repeat < 0:
        raise ValueError('repeat argument cannot be negative')
    pools = [tuple(pool) for pool in iterables] * repeat
    return _product(pools)


def _permutations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        i = r - 1
        while i >= 0:
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[k] for k in indices[:r])
                break
            i -= 1
        if i < 0:
            return


def permutations(iterable, r=None):
    pool = tuple(iterable)
    if r is None:
        r = len(pool)
    else:
        _check_r(r)
    return _permutations(pool, r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations(iterable, r):
    _check_r(r)
    return _combinations(tuple(iterable), r)


def _cwr(pool, r):
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    _check_r(r)
    return _cwr(tuple(iterable), r)


class groupby:
    def __init__(self, iterable, key=None):
        self.keyfunc = key
        self.it = iter(iterable)
        self.tgtkey = self.currkey = self.currvalue = object()
        self.id = None

    def __iter__(self):
        return self

    def __next__(self):
        self.id = object()
        while self.currkey == self.tgtkey:
            self.currvalue = next(self.it)
            self.currkey = self.currvalue if self.keyfunc is None else self.keyfunc(self.currvalue)
        self.tgtkey = self.currkey
        return (self.currkey, self._grouper(self.tgtkey, self.id))

    def _grouper(self, tgtkey, id):
        while self.id is id and self.currkey == tgtkey:
            yield self.currvalue
            try:
                self.currvalue = next(self.it)
            except StopIteration:
                return
            self.currkey = self.currvalue if self.keyfunc is None else self.keyfunc(self.currvalue)
