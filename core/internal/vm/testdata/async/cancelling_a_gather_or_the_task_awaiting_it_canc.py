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
