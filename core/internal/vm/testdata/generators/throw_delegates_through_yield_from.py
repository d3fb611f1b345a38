def inner():
    try:
        x = yield 1
        print("inner got", x)
        yield 2
    except ValueError as e:
        print("inner caught", e)
        yield "recovered"
    return "inner-ret"
def outer():
    r = yield from inner()
    print("outer got ret", r)
    yield "outer-done"
g = outer()
print(next(g))
print(g.send("hello"))
print(g.throw(ValueError("boom")))
print(next(g))
