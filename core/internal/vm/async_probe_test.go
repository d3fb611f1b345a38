package vm

import "testing"

// asyncProbeCases are asyncio programs written the way agent code uses
// asyncio whose output once differed from CPython 3.11; want is what
// python3 prints.
var asyncProbeCases = []struct {
	name, src, want string
}{
	{"as_completed yields results in completion order", `
import asyncio
async def job(i):
    await asyncio.sleep(0.01 * i)
    return i
async def main():
    out = []
    for f in asyncio.as_completed([job(3), job(1), job(2)]):
        out.append(await f)
    print(out)
    try:
        for f in asyncio.as_completed([job(5)], timeout=0.01):
            await f
    except TimeoutError:
        print('as_completed timeout')
asyncio.run(main())
`, "[1, 2, 3]\nas_completed timeout\n"},
	{"iscoroutinefunction of functions and bound methods", `
import asyncio
class C:
    async def m(self): pass
    def n(self): pass
async def f(): pass
def g(): pass
print(asyncio.iscoroutinefunction(f), asyncio.iscoroutinefunction(g))
print(asyncio.iscoroutinefunction(C().m), asyncio.iscoroutinefunction(C().n), asyncio.iscoroutinefunction(len))
`, "True False\nTrue False False\n"},
	{"anext, asend, athrow and aclose on async generators", `
import asyncio
async def agen():
    try:
        x = yield 1
        print('got', x)
        try:
            yield 2
        except KeyError as e:
            print('thrown', e)
            yield 3
    finally:
        print('cleanup')
async def main():
    g = agen()
    print(await anext(g))
    print(await g.asend('hi'))
    print(await g.athrow(KeyError('k')))
    print(await g.aclose())
    try:
        await anext(g)
    except StopAsyncIteration:
        print('exhausted')
asyncio.run(main())
`, "1\ngot hi\n2\nthrown 'k'\n3\ncleanup\nNone\nexhausted\n"},
	{"asyncio.timeout and shield", `
import asyncio
async def main():
    try:
        async with asyncio.timeout(0.01):
            await asyncio.sleep(1)
    except TimeoutError:
        print('timeout ctx')
    async with asyncio.timeout(1) as cm:
        await asyncio.sleep(0.01)
    print(cm.expired())
    print(await asyncio.shield(asyncio.sleep(0, 'sh')))
asyncio.run(main())
`, "timeout ctx\nFalse\nsh\n"},
	{"Semaphore and Lock hand over in FIFO order", `
import asyncio
async def main():
    sem = asyncio.Semaphore(2)
    log = []
    async def w(i):
        async with sem:
            log.append(i)
            await asyncio.sleep(0.01)
    await asyncio.gather(*[w(i) for i in range(5)])
    print(log, sem.locked())
    lock = asyncio.Lock()
    out = []
    async def l(i):
        async with lock:
            out.append(i)
            await asyncio.sleep(0)
            out.append(-i)
    await asyncio.gather(*[l(i) for i in range(1, 4)])
    print(out, lock.locked())
    b = asyncio.BoundedSemaphore(1)
    try:
        b.release()
    except ValueError as e:
        print(e)
asyncio.run(main())
`, "[0, 1, 2, 3, 4] False\n[1, -1, 2, -2, 3, -3] False\nBoundedSemaphore released too many times\n"},
	{"cancel message reaches the awaiter; inner coroutine cleans up first", `
import asyncio
async def deep(log):
    try:
        await asyncio.sleep(5)
    except asyncio.CancelledError:
        log.append('deep cancelled')
        await asyncio.sleep(0)
        raise
async def mid(log):
    try:
        await deep(log)
    finally:
        log.append('mid finally')
async def main():
    log = []
    t = asyncio.create_task(mid(log))
    await asyncio.sleep(0.001)
    t.cancel('bye')
    try:
        await t
    except asyncio.CancelledError as e:
        log.append(e.args)
    print(log, t.cancelled())
asyncio.run(main())
`, "['deep cancelled', 'mid finally', ('bye',)] True\n"},
	{"TaskGroup waits for children and cancels siblings on failure", `
import asyncio
async def main():
    async with asyncio.TaskGroup() as tg:
        t1 = tg.create_task(asyncio.sleep(0.01, 'x'))
        t2 = tg.create_task(asyncio.sleep(0.02, 'y'))
    print(t1.result(), t2.result())
    async def fail():
        await asyncio.sleep(0.01)
        raise ValueError('tg fail')
    log = []
    async def slow():
        try:
            await asyncio.sleep(1)
        except asyncio.CancelledError:
            log.append('slow cancelled')
            raise
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(fail())
            tg.create_task(slow())
            await asyncio.sleep(5)
            log.append('not reached')
    except BaseException as eg:
        print(isinstance(eg, BaseExceptionGroup), eg.args[1])
    print(log)
asyncio.run(main())
`, "x y\nTrue [ValueError('tg fail')]\n['slow cancelled']\n"},
	{"Condition wait_for and notify_all", `
import asyncio
async def main():
    cond = asyncio.Condition()
    items = []
    async def consumer(i):
        async with cond:
            await cond.wait_for(lambda: items)
            print('consumer', i, items.pop())
    cs = [asyncio.create_task(consumer(i)) for i in range(2)]
    await asyncio.sleep(0)
    async with cond:
        items.extend([1, 2])
        cond.notify_all()
    await asyncio.gather(*cs)
    try:
        cond.notify()
    except RuntimeError as e:
        print(e)
asyncio.run(main())
`, "consumer 0 2\nconsumer 1 1\ncannot notify on un-acquired lock\n"},
	{"PriorityQueue, LifoQueue and a Queue.get under wait_for", `
import asyncio
async def main():
    q = asyncio.Queue()
    try:
        await asyncio.wait_for(q.get(), 0.01)
    except asyncio.TimeoutError:
        print('get timeout')
    q.put_nowait('a')
    print(await q.get())
    pq = asyncio.PriorityQueue()
    for x in [3, 1, 2, 1]:
        await pq.put((x, str(x)))
    print([pq.get_nowait() for _ in range(4)])
    lq = asyncio.LifoQueue()
    for x in [1, 2, 3]:
        lq.put_nowait(x)
    print([await lq.get() for _ in range(3)])
asyncio.run(main())
`, "get timeout\na\n[(1, '1'), (1, '1'), (2, '2'), (3, '3')]\n[3, 2, 1]\n"},
	{"new_event_loop, set_event_loop and run_until_complete", `
import asyncio
async def main(x):
    await asyncio.sleep(0.01)
    return x + 1
loop = asyncio.new_event_loop()
asyncio.set_event_loop(loop)
print(loop.run_until_complete(main(1)))
print(loop.run_until_complete(asyncio.gather(main(2), main(3))))
print(loop.is_closed())
loop.close()
print(loop.is_closed())
print(asyncio.run(main(10)))
loop2 = asyncio.new_event_loop()
t = loop2.create_task(main(5))
print(loop2.run_until_complete(t))
loop2.close()
try:
    loop2.run_until_complete(main(0))
except RuntimeError as e:
    print(e)
async def f(): pass
try:
    asyncio.create_task(f())
except RuntimeError as e:
    print(e)
`, "2\n[3, 4]\nFalse\nTrue\n11\n6\nEvent loop is closed\nno running event loop\n"},
	{"rate limiter, timeouts in gather, streaming, as_completed with a semaphore, Task.cancelling", `
import asyncio, time
class RateLimiter:
    def __init__(self, rate):
        self.rate = rate
        self.lock = asyncio.Lock()
        self.last = None
    async def wait(self):
        async with self.lock:
            loop = asyncio.get_running_loop()
            now = loop.time()
            if self.last is not None and now - self.last < 1 / self.rate:
                await asyncio.sleep(1 / self.rate - (now - self.last))
            self.last = loop.time()
async def call(i, rl):
    await rl.wait()
    return i
async def with_timeout(i):
    try:
        return await asyncio.wait_for(asyncio.sleep(i * 0.1, i), timeout=0.25)
    except asyncio.TimeoutError:
        return f'timeout {i}'
async def stream(n):
    for i in range(n):
        await asyncio.sleep(0.01)
        yield {'chunk': i}
async def main():
    rl = RateLimiter(10)
    print(await asyncio.gather(*[call(i, rl) for i in range(4)]))
    print(await asyncio.gather(*[with_timeout(i) for i in range(5)]))
    chunks = []
    async for c in stream(3):
        chunks.append(c['chunk'])
    print(chunks)
    results = []
    async def limited(i, sem):
        async with sem:
            await asyncio.sleep(0.01)
            return i * 10
    sem = asyncio.Semaphore(2)
    for coro in asyncio.as_completed([limited(i, sem) for i in range(4)]):
        results.append(await coro)
    print(sorted(results))
    errors = await asyncio.gather(*[asyncio.wait_for(asyncio.sleep(1), 0.01) for _ in range(2)], return_exceptions=True)
    print([type(e).__name__ for e in errors])
    t = asyncio.create_task(asyncio.sleep(1))
    await asyncio.sleep(0)
    print(t.cancel(), t.cancel(), t.cancelling() if hasattr(t, 'cancelling') else 1)
    try:
        await t
    except asyncio.CancelledError:
        print('ok', t.cancelled())
asyncio.run(main())
`, "[0, 1, 2, 3]\n[0, 1, 2, 'timeout 3', 'timeout 4']\n[0, 1, 2]\n[0, 10, 20, 30]\n['TimeoutError', 'TimeoutError']\nTrue True 2\nok True\n"},
	{"cancelling a gather (or the task awaiting it) cancels its children", `
import asyncio
async def child(i, log):
    try:
        await asyncio.sleep(5)
    except asyncio.CancelledError:
        log.append(f'child {i} cancelled')
        raise
async def main():
    log = []
    g = asyncio.gather(child(1, log), child(2, log))
    await asyncio.sleep(0)
    print(g.cancel())
    try:
        await g
    except asyncio.CancelledError:
        log.append('gather cancelled')
    print(log, g.cancelled())
    log = []
    async def parent():
        await asyncio.gather(child(3, log), child(4, log))
    t = asyncio.create_task(parent())
    await asyncio.sleep(0.01)
    t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        log.append('parent cancelled')
    print(log)
    log = []
    g = asyncio.gather(child(5, log), asyncio.sleep(0, 'ok'), return_exceptions=True)
    await asyncio.sleep(0)
    g.cancel()
    try:
        print(await g)
    except asyncio.CancelledError:
        print('rx cancelled', log)
asyncio.run(main())
`, "True\n['child 1 cancelled', 'child 2 cancelled', 'gather cancelled'] False\n['child 3 cancelled', 'child 4 cancelled', 'parent cancelled']\nrx cancelled ['child 5 cancelled']\n"},
	{"wait_for: a cleanup that sleeps after the timeout finishes before TimeoutError; cancelling the caller cancels the operation", `
import asyncio
async def op(log):
    try:
        await asyncio.sleep(5)
    except asyncio.CancelledError:
        log.append('op cleanup start')
        await asyncio.sleep(0.5)
        log.append('op cleanup done')
        raise
async def main():
    log = []
    try:
        await asyncio.wait_for(op(log), timeout=0.1)
    except TimeoutError:
        log.append('timeout')
    print(log)
    log = []
    async def caller():
        await asyncio.wait_for(op(log), timeout=10)
    t = asyncio.create_task(caller())
    await asyncio.sleep(0.01)
    t.cancel()
    await asyncio.gather(t, return_exceptions=True)
    print(log, t.cancelled())
asyncio.run(main())
`, "['op cleanup start', 'op cleanup done', 'timeout']\n['op cleanup start', 'op cleanup done'] True\n"},
	{"many short tasks; all_tasks counts only live ones", `
import asyncio
async def w(i):
    await asyncio.sleep(0)
    return i
async def main():
    total = 0
    for i in range(2000):
        total += await asyncio.create_task(w(i))
    print(total, len(asyncio.all_tasks()))
    ts = [asyncio.create_task(w(i)) for i in range(100)]
    print(len(asyncio.all_tasks()))
    print(sum(await asyncio.gather(*ts)))
asyncio.run(main())
`, "1999000 1\n101\n4950\n"},
}

func TestAsyncProbe(t *testing.T) {
	for _, c := range asyncProbeCases {
		t.Run(c.name, func(t *testing.T) {
			if got := runContainerSnippet(t, c.src); got != c.want {
				t.Errorf("program:\n%s\ngot:\n%s\nwant:\n%s", c.src, got, c.want)
			}
		})
	}
}
