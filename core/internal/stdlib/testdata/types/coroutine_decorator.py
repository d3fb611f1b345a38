import types


@types.coroutine
def pause(value):
    got = yield ("paused", value)
    return got * 2


async def main():
    a = await pause(1)
    b = await pause(2)
    return a + b


c = main()
print(c.send(None))
print(c.send(10))
try:
    c.send(5)
except StopIteration as e:
    print("done", e.value)

print(pause.__name__)


# A function that already returns a coroutine is passed through.
async def plain():
    return 7

wrapped = types.coroutine(plain)
c = wrapped()
print(type(c).__name__)
try:
    c.send(None)
except StopIteration as e:
    print("plain", e.value)

try:
    types.coroutine(3)
except TypeError as e:
    print("TypeError", e)
