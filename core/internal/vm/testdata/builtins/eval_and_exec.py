g = {"x": 1}
exec("y = x + 1", g)
print(g["y"], eval("x * 10", g), eval("[i for i in range(3)]"))
def f(a):
    b = 2
    return eval("a + b"), eval(" a * 3 ", {"a": 5})
print(f(10))
ns = {}
exec("def sq(n):\n    return n * n\nclass K:\n    v = 3\n", ns)
print(ns["sq"](4), ns["K"].v)
exec("z = 99")
print(z)
ops = {"add": "+", "mul": "*"}
for name, op in ops.items():
    print(name, eval(f"6 {op} 7"))
for bad in ["1 +", "x = 1", "foo(("]:
    try:
        eval(bad)
    except SyntaxError as e:
        print("SyntaxError", type(e).__name__)
try:
    eval("undefined_thing + 1")
except NameError as e:
    print(e)
print(eval("sum(v for v in d.values())", {"d": {"a": 1, "b": 2}}))
loc = {}
exec("r = q * 2", {"q": 4}, loc)
print(loc)
