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
