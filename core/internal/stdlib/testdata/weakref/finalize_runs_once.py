import gc
import weakref


class Res:
    pass


def closer(*args, **kwargs):
    print("closing", args, kwargs)
    return "closed"


def main():
    r = Res()
    f = weakref.finalize(r, closer, 1, key="v")
    print(f.alive, f.peek()[1] is closer, f.peek()[2:], f.atexit)
    r = None
    gc.collect()
    print(f.alive, f.peek(), f.detach(), f())

    r = Res()
    f = weakref.finalize(r, closer)
    print(f(), f(), f.alive)
    r = None
    gc.collect()

    r = Res()
    f = weakref.finalize(r, closer, "detached")
    obj, func, args, kwargs = f.detach()
    print(obj is r, func is closer, args, kwargs, f.alive)
    r = obj = None
    gc.collect()

    # The finalize object may be dropped: the registry keeps it.
    r = Res()
    weakref.finalize(r, closer, "dropped")
    gc.collect()
    print("r still alive")
    r = None
    gc.collect()
    print("end")


main()
for value in (None, 0, "", ()):
    try:
        weakref.finalize(value, closer)
    except TypeError as e:
        print("TypeError", e)
