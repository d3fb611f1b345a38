import asyncio
async def main(x):
    await asyncio.sleep(0.01)
    return x + 1
loop = asyncio.new_event_loop()
asyncio.set_event_loop(loop)
print(loop.run_until_complete(main(1)))
print(loop.run_until_complete(asyncio.gather(main(2), main(3))))
print(loop.is_closed())
loop.close()
print(loop.is_closed())
print(asyncio.run(main(10)))
loop2 = asyncio.new_event_loop()
t = loop2.create_task(main(5))
print(loop2.run_until_complete(t))
loop2.close()
try:
    loop2.run_until_complete(main(0))
except RuntimeError as e:
    print(e)
async def f(): pass
try:
    asyncio.create_task(f())
except RuntimeError as e:
    print(e)
# amber-only: CPython also warns that the coroutines left unawaited were never awaited, at collection time; Amber has no such warning.
