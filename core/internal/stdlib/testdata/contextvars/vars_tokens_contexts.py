# ContextVar get/set/reset with tokens; copy_context and Context.run.
import contextvars
from contextvars import ContextVar, copy_context, Context, Token

v = ContextVar('v')
d = ContextVar('d', default=10)
print(v.name, d.name, d.get(), d.get(5), v.get('fallback'))
try:
    v.get()
except LookupError as e:
    print('LookupError', type(e.args[0]).__name__, e.args[0] is v)

t = v.set(1)
print(v.get(), t.var is v, t.old_value is Token.MISSING, repr(Token.MISSING))
t2 = v.set(2)
print(v.get(), t2.old_value)
v.reset(t2)
print(v.get())
try:
    v.reset(t2)
except RuntimeError as e:
    print('RuntimeError', 'has already been used once' in str(e))
v.reset(t)
print(v.get('unset'))
try:
    d.reset(d.set(1)) or d.reset(t)
except (ValueError, RuntimeError) as e:
    print(type(e).__name__)
try:
    v.reset(d.set(3))
except ValueError as e:
    print('ValueError', 'different ContextVar' in str(e))
try:
    v.reset('x')
except TypeError as e:
    print('TypeError')

# copy_context: a snapshot; changes inside run stay in that context.
v.set('outer')
ctx = copy_context()
print(ctx[v], v in ctx, ctx.get(v), len(ctx) >= 1, isinstance(ctx, Context))


def inside(x):
    v.set('inner')
    return x * 2, v.get()


print(ctx.run(inside, 21))
print(v.get(), ctx[v])
print(ctx.run(v.get))

# A token from another context cannot reset here.
tok = ctx.run(v.set, 'again')
try:
    v.reset(tok)
except ValueError as e:
    print('ValueError', 'different Context' in str(e))


def reenter():
    ctx.run(lambda: None)


try:
    ctx.run(reenter)
except RuntimeError as e:
    print('RuntimeError', 'already entered' in str(e))

empty = Context()
print(len(empty), list(empty), empty.run(v.get, 'empty default'), empty.run(d.get))
c2 = ctx.copy()
print(c2[v], c2 == ctx, sorted(k.name for k in c2.keys()), list(c2.values()) == list(ctx.values()))
try:
    ctx['not a var']
except TypeError as e:
    print('TypeError')
try:
    ContextVar(1)
except TypeError as e:
    print('TypeError', e)
print(hash(v) == hash(v), {v: 1}[v])
print(ContextVar[int])
print(type(v).__module__, type(ctx).__name__)
