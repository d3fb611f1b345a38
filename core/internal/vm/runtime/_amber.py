
from _amber_native import sort_by_keys

_missing = object()

def sorted_(iterable, key, reverse):
    # list() copies a list or tuple natively, with no loop per item.
    items = list(iterable)
    if key is None:
        return sort_by_keys(items, items, reverse)
    return sort_by_keys(items, [key(x) for x in items], reverse)

def list_sort(lst, key, reverse):
    # Like CPython, the list looks empty while it is being sorted.
    items = lst[:]
    lst.clear()
    try:
        keys = items if key is None else [key(x) for x in items]
        result = sort_by_keys(items, keys, reverse)
    except BaseException:
        lst[:] = items
        raise
    modified = len(lst) != 0
    lst[:] = result
    if modified:
        raise ValueError("list modified during sort")

def list_extend(lst, it):
    # Each item is appended as it comes, as CPython's list.extend does;
    # list.append itself, since a subclass's append is not called.
    append = list.append
    for x in it:
        append(lst, x)

def min_max(name, is_max, args, key, default_box):
    default = default_box[0] if default_box else _missing
    if len(args) == 1:
        it = args[0]
    else:
        if default is not _missing:
            raise TypeError(f"Cannot specify a default for {name}() with multiple positional arguments")
        it = args
    it = iter(it)
    # The first item starts the race; the loops below are split by key and
    # direction so that each item costs one call and one comparison.
    for best in it:
        break
    else:
        if default is not _missing:
            return default
        raise ValueError(f"{name}() arg is an empty sequence")
    if key is None:
        if is_max:
            for x in it:
                if x > best:
                    best = x
        else:
            for x in it:
                if x < best:
                    best = x
        return best
    best_key = key(best)
    if is_max:
        for x in it:
            k = key(x)
            if k > best_key:
                best, best_key = x, k
    else:
        for x in it:
            k = key(x)
            if k < best_key:
                best, best_key = x, k
    return best

def to_list(it):
    return [x for x in it]

def to_tuple(it):
    return tuple([x for x in it])

def to_set(it):
    return {x for x in it}

def to_frozenset(it):
    return frozenset([x for x in it])

def sum_(it, start):
    total = start
    for x in it:
        total = total + x
    return total

def any_(it):
    for x in it:
        if x:
            return True
    return False

def all_(it):
    for x in it:
        if not x:
            return False
    return True

def join(sep, it):
    return sep.join([x for x in it])

def map_(f, iterables):
    # iter() runs now, as the builtin does; the items come lazily.
    if len(iterables) == 1:
        return _map1(iter(iterables[0]), f)
    return _map([iter(i) for i in iterables], f)

def _map1(it, f):
    # The common one-iterable map, without an argument list per item.
    # The twins below end with the value of the StopIteration that ended
    # their iterator, as the builtins pass it on.
    while True:
        try:
            x = next(it)
        except StopIteration as e:
            return e.value
        yield f(x)

def _map(iters, f):
    while True:
        args = []
        for i in iters:
            try:
                args.append(next(i))
            except StopIteration as e:
                return e.value
        yield f(*args)

def filter_(f, it):
    return _filter(f, iter(it))

def _filter(f, it):
    if f is None:
        for x in it:
            if x:
                yield x
        return
    for x in it:
        if f(x):
            yield x

def next_(it, default_box):
    # next() of a native enumerate or zip wrapping a generator: a for
    # loop steps it in a frame, so the generator may pause.
    for x in it:
        return x
    if default_box:
        return default_box[0]
    raise StopIteration

def drive_rest(kind, acc, x, it):
    # sum, any or all draining a generator natively met x, which takes
    # Python code (an __add__, a __bool__): the rest of the job runs here.
    if kind == 0:
        total = acc + x
        for x in it:
            total = total + x
        return total
    if kind == 1:
        return True if x else any_(it)
    return all_(it) if x else False

def enumerate_(it, start):
    return _enumerate(iter(it), start)

def _enumerate(it, start):
    n = start
    while True:
        try:
            x = next(it)
        except StopIteration as e:
            return e.value
        yield (n, x)
        n += 1

def zip_(iterables, strict):
    return _zip([iter(i) for i in iterables], strict)

def zip_plain(*iters):
    # The iterators are builtin ones or generators, whose iter() is
    # themselves, so a for loop steps each exactly as next() would, and
    # resumes a generator in the running loop instead of a call of next()
    # and a try block per item.
    if not iters:
        return
    if len(iters) == 2:
        a, b = iters
        for x in a:
            for y in b:
                yield (x, y)
                break
            else:
                return
        return
    while True:
        items = []
        for i in iters:
            for x in i:
                items.append(x)
                break
            else:
                return
        yield tuple(items)

def _zip(iters, strict):
    if not iters:
        return
    while True:
        items = []
        for n, i in enumerate(iters):
            try:
                items.append(next(i))
            except StopIteration as e:
                end = e.value
                if strict:
                    if n:
                        s = "s" if n > 1 else ""
                        r = "" if n == 1 else "-" + str(n)
                        raise ValueError(f"zip() argument {n + 1} is shorter than argument{s} 1{r}")
                    for m, j in enumerate(iters[1:], 1):
                        for _ in j:
                            s = "s" if m > 1 else ""
                            r = "" if m == 1 else "-" + str(m)
                            raise ValueError(f"zip() argument {m + 1} is longer than argument{s} 1{r}")
                return end
        yield tuple(items)
