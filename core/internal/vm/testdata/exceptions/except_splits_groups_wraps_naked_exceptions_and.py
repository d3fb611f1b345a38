import sys
def run(f):
    try:
        f()
        print("ok")
    except BaseException as e:
        print("escaped:", type(e).__name__, repr(e), [repr(x) for x in getattr(e, "exceptions", [])])
def a():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ValueError(3)])
    except* ValueError as g:
        print("vals", repr(g), sys.exc_info()[1] is g)
    except* TypeError as g:
        print("types", repr(g))
run(a)
def b():
    try:
        raise ExceptionGroup("eg", [ValueError(1), KeyError(2)])
    except* ValueError:
        print("handled vals")
run(b)
def c():
    try:
        raise ValueError("naked")
    except* ValueError as g:
        print("naked", repr(g))
run(c)
def d():
    try:
        raise KeyError("naked")
    except* ValueError as g:
        print("no")
run(d)
def e():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError:
        raise RuntimeError("new")
run(e)
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1), KeyError(0)])
    except* ValueError:
        raise
run(f)
def g():
    try:
        raise ExceptionGroup("eg", [ValueError(1), ExceptionGroup("inner", [TypeError(2), ValueError(5)])])
    except* TypeError as t:
        print("t", repr(t))
    except* (ValueError, KeyError) as v:
        print("v", repr(v))
    else:
        print("else")
    finally:
        print("finally")
run(g)
def h():
    try:
        print("no exc")
    except* ValueError:
        print("x")
    else:
        print("else ran")
run(h)
def i():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ExceptionGroup:
        pass
run(i)
def j():
    for k in range(3):
        try:
            raise ExceptionGroup("eg", [ValueError(k)])
        except* ValueError as v:
            for q in range(2):
                if q: break
            print("loop", k, v.exceptions)
run(j)
