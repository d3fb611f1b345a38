import asyncio
async def agen():
    try:
        x = yield 1
        print('got', x)
        try:
            yield 2
        except KeyError as e:
            print('thrown', e)
            yield 3
    finally:
        print('cleanup')
async def main():
    g = agen()
    print(await anext(g))
    print(await g.asend('hi'))
    print(await g.athrow(KeyError('k')))
    print(await g.aclose())
    try:
        await anext(g)
    except StopAsyncIteration:
        print('exhausted')
asyncio.run(main())
