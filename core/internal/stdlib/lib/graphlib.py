# graphlib: topological sorting. Each node counts the predecessors it
# still waits for; a node whose count reaches zero is ready. Once handed
# out by get_ready() and then marked done(), a node releases its
# successors. Orders, errors and the cycle reported are CPython's.

__all__ = ['TopologicalSorter', 'CycleError']

_HANDED_OUT = -1
_FINISHED = -2
_NO_EDGE = object()


class CycleError(ValueError):
    pass


class _Node:
    __slots__ = ('name', 'waiting', 'after')

    def __init__(self, name):
        self.name = name
        self.waiting = 0     # predecessors not done yet, or a state above
        self.after = []      # successors, one entry per edge


class TopologicalSorter:
    def __init__(self, graph=None):
        self._nodes = {}
        self._ready = None   # None until prepare()
        self._handed = 0
        self._finished = 0
        if graph is not None:
            for name, before in graph.items():
                self.add(name, *before)

    def _node(self, name):
        node = self._nodes.get(name)
        if node is None:
            node = self._nodes[name] = _Node(name)
        return node

    def add(self, node, *predecessors):
        if self._ready is not None:
            raise ValueError('Nodes cannot be added after a call to prepare()')
        self._node(node).waiting += len(predecessors)
        for before in predecessors:
            self._node(before).after.append(node)

    def prepare(self):
        if self._ready is not None:
            raise ValueError('cannot prepare() more than once')
        self._ready = [n.name for n in self._nodes.values() if n.waiting == 0]
        cycle = self._cycle()
        if cycle:
            raise CycleError('nodes are in a cycle', cycle)

    def _check_prepared(self):
        if self._ready is None:
            raise ValueError('prepare() must be called first')

    def get_ready(self):
        self._check_prepared()
        batch = tuple(self._ready)
        for name in batch:
            self._nodes[name].waiting = _HANDED_OUT
        self._ready = []
        self._handed += len(batch)
        return batch

    def is_active(self):
        self._check_prepared()
        return self._finished < self._handed or bool(self._ready)

    def __bool__(self):
        return self.is_active()

    def done(self, *nodes):
        self._check_prepared()
        for name in nodes:
            node = self._nodes.get(name)
            if node is None:
                raise ValueError('node %r was not added using add()' % (name,))
            if node.waiting >= 0:
                raise ValueError('node %r was not passed out (still not ready)' % (name,))
            if node.waiting == _FINISHED:
                raise ValueError('node %r was already marked done' % (name,))
            if node.waiting != _HANDED_OUT:
                raise ValueError('node %r: unknown status %d' % (name, node.waiting))
            node.waiting = _FINISHED
            for later in node.after:
                succ = self._nodes[later]
                succ.waiting -= 1
                if succ.waiting == 0:
                    self._ready.append(later)
            self._finished += 1

    def _cycle(self):
        # Depth-first search along successor edges, from each node in the
        # order nodes were first seen. Reaching a node that is on the
        # current path closes a cycle: the path from it, then it again.
        visited = set()
        for start in self._nodes:
            if start in visited:
                continue
            path, where, branches = [], {}, []
            name = start
            while True:
                if name not in visited:
                    visited.add(name)
                    where[name] = len(path)
                    path.append(name)
                    branches.append(iter(self._nodes[name].after))
                elif name in where:
                    return path[where[name]:] + [name]
                # Take the next edge, backing up along the path as
                # branches run out; the search from start ends with it.
                while path:
                    name = next(branches[-1], _NO_EDGE)
                    if name is not _NO_EDGE:
                        break
                    branches.pop()
                    del where[path.pop()]
                else:
                    break
        return None

    def static_order(self):
        self.prepare()
        while self.is_active():
            batch = self.get_ready()
            yield from batch
            self.done(*batch)
