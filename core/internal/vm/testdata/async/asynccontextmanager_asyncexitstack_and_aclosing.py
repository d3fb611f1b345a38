import asyncio
from contextlib import asynccontextmanager, AsyncExitStack, aclosing

@asynccontextmanager
async def resource(name):
    print("open", name)
    try:
        yield name.upper()
    finally:
        print("close", name)

async def agen():
    try:
        for i in range(3):
            yield i
    finally:
        print("agen closed")

async def main():
    async with resource("a") as r:
        print("using", r)
    try:
        async with resource("b"):
            raise ValueError("boom")
    except ValueError as e:
        print("caught", e)
    async with AsyncExitStack() as stack:
        x = await stack.enter_async_context(resource("c"))
        y = await stack.enter_async_context(resource("d"))
        print(x, y)
    async with aclosing(agen()) as g:
        async for v in g:
            print(v)
            if v == 1:
                break

asyncio.run(main())
