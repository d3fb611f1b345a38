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
