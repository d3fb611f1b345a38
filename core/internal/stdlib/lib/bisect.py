# bisect: binary search in sorted lists. The comparisons are the ones
# CPython makes (x < item to go left of equal items' ends, item < x to go
# right), so types that define only __lt__ work the same way.


def _search(a, x, lo, hi, key, after_equal):
    if lo < 0:
        raise ValueError('lo must be non-negative')
    end = len(a) if hi is None else hi
    start = lo
    while start < end:
        middle = (start + end) // 2
        probe = a[middle] if key is None else key(a[middle])
        goes_before = x < probe if after_equal else not (probe < x)
        if goes_before:
            end = middle
        else:
            start = middle + 1
    return start


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    return _search(a, x, lo, hi, key, True)


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    return _search(a, x, lo, hi, key, False)


def insort_right(a, x, lo=0, hi=None, *, key=None):
    a.insert(_search(a, x if key is None else key(x), lo, hi, key, True), x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    a.insert(_search(a, x if key is None else key(x), lo, hi, key, False), x)


bisect = bisect_right
insort = insort_right
