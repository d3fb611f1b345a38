import asyncio
class C:
    async def m(self): pass
    def n(self): pass
async def f(): pass
def g(): pass
print(asyncio.iscoroutinefunction(f), asyncio.iscoroutinefunction(g))
print(asyncio.iscoroutinefunction(C().m), asyncio.iscoroutinefunction(C().n), asyncio.iscoroutinefunction(len))
