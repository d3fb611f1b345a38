import queue
q = queue.Queue()
for x in "abc":
    q.put(x)
print(q.qsize(), q.get(), q.get_nowait(), q.empty(), q.full())
pq = queue.PriorityQueue()
for p, t in [(3, "low"), (1, "high"), (2, "mid")]:
    pq.put((p, t))
print([pq.get()[1] for _ in range(pq.qsize())])
lq = queue.LifoQueue(maxsize=2); lq.put(1); lq.put(2)
try:
    lq.put_nowait(3)
except queue.Full:
    print("full", lq.full())
print(lq.get(), lq.get())
try:
    lq.get_nowait()
except queue.Empty:
    print("empty")
sq = queue.SimpleQueue(); sq.put("s"); print(sq.get(), sq.empty())
q.put(1); q.task_done(); q.task_done(); q.task_done()
try:
    q.task_done()
except ValueError as e:
    print(e)
