import asyncio
async def main():
    try:
        async with asyncio.timeout(0.01):
            await asyncio.sleep(1)
    except TimeoutError:
        print('timeout ctx')
    async with asyncio.timeout(1) as cm:
        await asyncio.sleep(0.01)
    print(cm.expired())
    print(await asyncio.shield(asyncio.sleep(0, 'sh')))
asyncio.run(main())
