
__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge',
           'nlargest', 'nsmallest', 'heappushpop']


def _check_list(heap, name):
    if not isinstance(heap, list):
        raise TypeError(f'{name}() argument 1 must be list, not {type(heap).__name__}')


# The heap is a list where every item is no larger than its children at
# 2i+1 and 2i+2. Each helper takes the ordering as before(x, y): "x must
# sit above y". The comparisons are the ones CPython makes, so items that
# only define __lt__ behave the same.


def _less(x, y):
    return x < y


def _greater(x, y):
    return y < x


def _bubble_up(heap, top, pos, before):
    # Move heap[pos] up while it must sit above its parent (not past top).
    item = heap[pos]
    while pos > top:
        parent = (pos - 1) >> 1
        if not before(item, heap[parent]):
            break
        heap[pos] = heap[parent]
        pos = parent
    heap[pos] = item


def _sink(heap, pos, before):
    # Move the hole at pos down to a leaf along the preferred children,
    # then let the item that was at pos bubble back up from there.
    size = len(heap)
    top = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < size:
        right = child + 1
        if right < size and not before(heap[child], heap[right]):
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _bubble_up(heap, top, pos, before)


def _pop_top(heap, before):
    last = heap.pop()
    if not heap:
        return last
    top, heap[0] = heap[0], last
    _sink(heap, 0, before)
    return top


def heappush(heap, item):
    _check_list(heap, 'heappush')
    heap.append(item)
    _bubble_up(heap, 0, len(heap) - 1, _less)


def heappop(heap):
    _check_list(heap, 'heappop')
    if not heap:
        raise IndexError('index out of range')
    return _pop_top(heap, _less)


def heapreplace(heap, item):
    _check_list(heap, 'heapreplace')
    if not heap:
        raise IndexError('index out of range')
    top, heap[0] = heap[0], item
    _sink(heap, 0, _less)
    return top


def heappushpop(heap, item):
    _check_list(heap, 'heappushpop')
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sink(heap, 0, _less)
    return item


def heapify(x):
    _check_list(x, 'heapify')
    for pos in range(len(x) // 2 - 1, -1, -1):
        _sink(x, pos, _less)


def _heappop_max(heap):
    return _pop_top(heap, _greater)


def _heapify_max(x):
    for pos in range(len(x) // 2 - 1, -1, -1):
        _sink(x, pos, _greater)


def merge(*iterables, key=None, reverse=False):
    entries = []
    for order, it in enumerate(map(iter, iterables)):
        for value in it:
            entries.append((value if key is None else key(value), order, value, it))
            break
    direction = -1 if reverse else 1
    while entries:
        best = 0
        for i in range(1, len(entries)):
            a, b = entries[i], entries[best]
            if (b[0] < a[0]) if reverse else (a[0] < b[0]):
                best = i
            elif not (a[0] < b[0]) and not (b[0] < a[0]) and a[1] < b[1]:
                best = i
        k, order, value, it = entries[best]
        yield value
        for nxt in it:
            entries[best] = (nxt if key is None else key(nxt), order, nxt, it)
            break
        else:
            del entries[best]


def nsmallest(n, iterable, key=None):
    return sorted(iterable, key=key)[:max(n, 0)]


def nlargest(n, iterable, key=None):
    return sorted(iterable, key=key, reverse=True)[:max(n, 0)]
