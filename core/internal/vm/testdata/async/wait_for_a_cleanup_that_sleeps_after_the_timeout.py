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
