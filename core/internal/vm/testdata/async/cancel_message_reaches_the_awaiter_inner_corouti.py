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
