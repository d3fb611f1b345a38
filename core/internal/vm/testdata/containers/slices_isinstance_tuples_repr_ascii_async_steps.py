import asyncio
def e(f):
    try: print(repr(f()))
    except Exception as x: print(type(x).__name__, x)
l = list(range(10))
for a in (None, -20, -3, 0, 3, 15):
    for b in (None, -20, -3, 0, 7, 15):
        for c in (None, 1, 2, -1, -3):
            print(l[a:b:c], end=" ")
print()
e(lambda: isinstance(1, (str, (int, float)))); e(lambda: isinstance(1, (str, bytes))); e(lambda: issubclass(bool, (str, int))); e(lambda: issubclass(bool, ())); e(lambda: isinstance(1, (str, 5)))
e(lambda: repr("é")); e(lambda: ascii("é")); e(lambda: repr()); e(lambda: ascii(1, 2))
async def agen():
    try:
        yield 1
        yield 2
    except ValueError as x:
        yield "caught " + str(x)
async def main():
    g = agen()
    print(await g.__anext__(), await g.asend(None), await g.athrow(ValueError("v")))
    try:
        await g.__anext__()
    except StopAsyncIteration:
        print("stop")
asyncio.run(main())
