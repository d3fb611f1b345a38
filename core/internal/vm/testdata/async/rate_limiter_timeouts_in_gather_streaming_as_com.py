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
