import asyncio


async def worker(name, lock, sem, cond, log):
    async with sem:
        async with lock:
            log.append((name, lock.locked(), sem.locked()))
            await asyncio.sleep(0)
    async with cond:
        cond.notify_all()
        log.append((name, 'notified'))


async def main():
    lock, sem, cond = asyncio.Lock(), asyncio.Semaphore(2), asyncio.Condition()
    log = []
    await asyncio.gather(*(worker(n, lock, sem, cond, log) for n in 'abc'))
    print(log, lock.locked(), sem.locked(), cond.locked())
    try:
        async with lock:
            raise KeyError('inside')
    except KeyError as e:
        print('released after', e, lock.locked())
    b = asyncio.BoundedSemaphore(1)
    async with b:
        print(b.locked())
    print(b.locked(), [c.__name__ for c in asyncio.Lock.__mro__][-1])

asyncio.run(main())
