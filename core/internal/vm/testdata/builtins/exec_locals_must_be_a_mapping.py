class Mapping:
    def __getitem__(self, key):
        if key == "x":
            return "from mapping"
        raise KeyError(key)


exec("print(x)", {}, Mapping())
exec("print(y)", None, {"y": 1})
print(eval("x", {}, Mapping()))
for bad in (123, "s", [1], object()):
    for f in (exec, eval):
        try:
            f("1", None, bad)
        except TypeError as e:
            print(f.__name__, "TypeError", e)
try:
    exec("1", "not a dict")
except TypeError as e:
    print("TypeError", e)
for g in ("s", 1):
    try:
        eval("1", g)
    except TypeError as e:
        print("TypeError", e)
print(eval("1", None, "s"))
