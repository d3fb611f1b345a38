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
