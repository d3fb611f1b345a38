import asyncio
from contextlib import contextmanager, asynccontextmanager, ExitStack, AsyncExitStack


@contextmanager
def swallow():
    try:
        yield 'in'
    except KeyError:
        print('caught KeyError')


@contextmanager
def reraise():
    try:
        yield
    except KeyError:
        raise ValueError('replaced')


@contextmanager
def passthrough():
    yield


print(swallow.__name__, swallow.__wrapped__.__name__)
with swallow() as v:
    print(v)
    raise KeyError('k')
for cm, exc in ((reraise, KeyError('k')), (passthrough, IndexError('i'))):
    try:
        with cm():
            raise exc
    except Exception as e:
        print(type(e).__name__, e)


def quiet(*exc):
    print('quiet sees', exc[0].__name__ if exc[0] else None)
    return True


def loud(*exc):
    print('loud sees', exc[0].__name__ if exc[0] else None)
    raise RuntimeError('loud')


with ExitStack() as st:
    st.push(quiet)
    st.callback(print, 'callback ran')
    raise OSError('x')
try:
    with ExitStack() as st:
        st.push(quiet)
        st.push(loud)
except RuntimeError as e:
    print('escaped', e)


@asynccontextmanager
async def agen():
    try:
        yield 1
    except KeyError:
        print('async caught')


async def main():
    async with agen() as v:
        print('async', v)
        raise KeyError
    async with AsyncExitStack() as st:
        st.push_async_callback(asyncio.sleep, 0)
        st.callback(print, 'sync callback')
        await st.enter_async_context(agen())
        raise KeyError
    print('done')

asyncio.run(main())
