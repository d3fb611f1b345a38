# Keyword calls bind through a per-site cache of name -> parameter:
# errors after the cache filled, functions sharing code, defaults that
# change, keyword-only and positional-only parameters.
def f(a, b=2, *, c=3, d):
    return (a, b, c, d)

for i in range(3):
    print(f(i, d=4), f(a=i, d=5, c=6), f(i, 7, d=8))
for call in (lambda: f(1, a=2, d=3), lambda: f(1, e=2, d=3), lambda: f(1),
             lambda: f(1, 2, 3, d=4), lambda: f(d=1)):
    try:
        call()
    except TypeError as e:
        print("TypeError", e)

def g(x, /, y, *, z=0):
    return (x, y, z)
for i in range(2):
    print(g(1, y=2), g(1, 2, z=i))
try:
    g(x=1, y=2)
except TypeError as e:
    print("TypeError", e)

# One code object, several functions (closures), each with its defaults.
def make(k):
    def h(a, *, scale=k, bias=0):
        return a * scale + bias
    return h
hs = [make(k) for k in range(3)]
print([h(2, bias=1) for h in hs], [h(a=2) for h in hs])
hs[1].__kwdefaults__ = {"scale": 100, "bias": 5}
print([h(a=2) for h in hs])
try:
    hs[0].__kwdefaults__ = None
    hs[0](a=1)
    print("called")
except TypeError as e:
    print("TypeError", e)

# The same names at one site bound to different functions in turn.
def p(u, v):
    return ("p", u, v)
def q(v, u):
    return ("q", u, v)
def r(u, w=0):
    return ("r", u, w)
for fn in (p, q, p, q, r):
    try:
        print(fn(u=1, v=2))
    except TypeError as e:
        print("TypeError", e)

# Many call sites for one function (more than the cache keeps).
def many(a=0, b=0, c=0, d=0, e=0):
    return a + 2 * b + 3 * c + 4 * d + 5 * e
print(many(a=1), many(b=1), many(c=1), many(d=1), many(e=1), many(a=1, b=1),
      many(b=1, c=1), many(c=1, d=1), many(d=1, e=1), many(e=1, a=1),
      many(a=2, e=3), many(b=2, d=3))

# Defaults replaced after calls that used them.
def dflt(a, b=1, c=2):
    return (a, b, c)
print(dflt(0), dflt(0, c=5))
dflt.__defaults__ = (10, 20)
print(dflt(0), dflt(0, c=5), dflt.__defaults__)
dflt.__defaults__ = (30,)
print(dflt(0, 1), dflt(0, b=1))
try:
    dflt(0, c=1)
except TypeError as e:
    print("TypeError", e)
dflt.__defaults__ = None
print(dflt.__defaults__, dflt(1, 2, 3))
for bad in ([1], 5):
    try:
        dflt.__defaults__ = bad
    except TypeError as e:
        print("TypeError", e)
try:
    dflt.__kwdefaults__ = 5
except TypeError as e:
    print("TypeError", e)
