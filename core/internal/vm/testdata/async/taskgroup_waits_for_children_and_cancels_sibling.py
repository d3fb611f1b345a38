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
