# queue: the single-threaded sandbox's queues. Nothing can fill a queue
# while get() waits, so a get() that would block forever raises Empty
# (and a put() on a full queue raises Full) instead of hanging.
from collections import deque as _deque
import heapq as _heapq

__all__ = ['Empty', 'Full', 'Queue', 'PriorityQueue', 'LifoQueue', 'SimpleQueue']


class Empty(Exception):
    pass


class Full(Exception):
    pass


class Queue:
    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self.unfinished_tasks = 0
        self._init(maxsize)

    def _init(self, maxsize):
        self.queue = _deque()

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.popleft()

    def task_done(self):
        if self.unfinished_tasks <= 0:
            raise ValueError('task_done() called too many times')
        self.unfinished_tasks -= 1

    def join(self):
        pass

    def qsize(self):
        return self._qsize()

    def empty(self):
        return not self._qsize()

    def full(self):
        return 0 < self.maxsize <= self._qsize()

    def put(self, item, block=True, timeout=None):
        if timeout is not None and timeout < 0:
            raise ValueError("'timeout' must be a non-negative number")
        if 0 < self.maxsize <= self._qsize():
            raise Full
        self._put(item)
        self.unfinished_tasks += 1

    def get(self, block=True, timeout=None):
        if timeout is not None and timeout < 0:
            raise ValueError("'timeout' must be a non-negative number")
        if not self._qsize():
            raise Empty
        return self._get()

    def put_nowait(self, item):
        return self.put(item, block=False)

    def get_nowait(self):
        return self.get(block=False)


class PriorityQueue(Queue):
    def _init(self, maxsize):
        self.queue = []

    def _put(self, item):
        _heapq.heappush(self.queue, item)

    def _get(self):
        return _heapq.heappop(self.queue)


class LifoQueue(Queue):
    def _init(self, maxsize):
        self.queue = []

    def _get(self):
        return self.queue.pop()


class SimpleQueue:
    def __init__(self):
        self._queue = _deque()

    def put(self, item, block=True, timeout=None):
        self._queue.append(item)

    def put_nowait(self, item):
        self.put(item)

    def get(self, block=True, timeout=None):
        if not self._queue:
            raise Empty
        return self._queue.popleft()

    def get_nowait(self):
        return self.get(False)

    def empty(self):
        return not self._queue

    def qsize(self):
        return len(self._queue)
