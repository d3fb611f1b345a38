import asyncio
async def job(i):
    await asyncio.sleep(0.01 * i)
    return i
async def main():
    out = []
    for f in asyncio.as_completed([job(3), job(1), job(2)]):
        out.append(await f)
    print(out)
    try:
        for f in asyncio.as_completed([job(5)], timeout=0.01):
            await f
    except TimeoutError:
        print('as_completed timeout')
asyncio.run(main())
