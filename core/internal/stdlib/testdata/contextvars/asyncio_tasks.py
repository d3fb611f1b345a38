# Each asyncio task runs in a copy of the context it was created in, so a
# ContextVar set in one task is not seen by another.
import asyncio
import contextvars

request_id = contextvars.ContextVar('request_id', default='none')


async def handler(n):
    request_id.set('req-%d' % n)
    await asyncio.sleep(0)
    return n, request_id.get()


async def main():
    request_id.set('main')
    results = await asyncio.gather(*(handler(i) for i in range(3)))
    print(results, request_id.get())
    t = asyncio.create_task(handler(9))
    print(await t, request_id.get())
    ctx = contextvars.copy_context()
    ctx.run(request_id.set, 'in ctx')
    t = asyncio.get_running_loop().create_task(read(), context=ctx)
    print(await t, ctx[request_id])
    async with asyncio.TaskGroup() as tg:
        tg_task = tg.create_task(read())
    print(tg_task.result())


async def read():
    return request_id.get()


asyncio.run(main())
print(request_id.get())
