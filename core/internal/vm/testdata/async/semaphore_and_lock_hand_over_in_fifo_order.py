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
