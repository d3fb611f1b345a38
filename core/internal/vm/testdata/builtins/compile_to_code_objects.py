import sys

c = compile("y = x * 2\nprint('y is', y)", "prog.py", "exec")
print(type(c).__name__, c.co_filename, c.co_name)
x = 4
exec(c)
print(y)
g = {"x": 10}
exec(c, g)
print(g["y"])
env = {}
exec(c, {"x": 1}, env)
print(env)
e = compile("x + 1", "<expr>", "eval")
print(eval(e), eval(e, {"x": 100}), eval(e, {}, {"x": -1}), exec(e))
print(eval(compile("x", "f", "exec")))
try:
    compile(c, "other", "eval")
except TypeError as err:
    print("TypeError", err)

# single: expression statements echo through sys.displayhook
exec(compile("if 1:\n    10 + 1\n    None\n    'text'\n", "s", "single"))
exec(compile("print(12)", "s", "single"))
exec(compile("def f():\n    1 + 1\nf()", "s", "exec"))
print(_)
seen = []
sys.displayhook = seen.append
exec(compile("[3]", "s", "single"))
sys.displayhook = sys.__displayhook__ if hasattr(sys, "__displayhook__") else print
print(seen)

try:
    exec(compile("undefined_name", "f", "exec"))
except NameError as err:
    print("NameError", err)
for args in (("1", "f", "bad"), (1, "f", "exec"), ("1", 2, "exec"), ("1", "f", 3),
             ("a b", "f", "exec"), ("x = 1", "f", "eval"), ("1\n2", "f", "single")):
    try:
        compile(*args)
    except (ValueError, TypeError) as err:
        print(type(err).__name__, err)
    except SyntaxError as err:
        print("SyntaxError", err.msg)


def closure():
    v = 1
    return lambda: v


for code in (closure().__code__,):
    try:
        exec(code)
    except TypeError as err:
        print("TypeError", err)
print(type(hash(compile("", "", "exec"))).__name__)
print(eval(compile(b"2 ** 10", "b", "eval")), eval(compile(bytearray(b"3"), "b", "eval")))
