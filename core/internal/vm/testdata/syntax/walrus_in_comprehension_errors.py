# Assignment expressions CPython rejects inside comprehensions: in any
# iterable (even nested in a lambda there), rebinding an iteration variable
# of this or an enclosing comprehension, and in a class body.

def t(src):
    try:
        exec(src, {})
        print("ok", src)
    except SyntaxError as e:
        print(e.msg, "|", src)

t("[x for x in (y := [1, 2])]")
t("[x for x in range(3) for z in (y := [1])]")
t("[x for x in [(lambda: (y := 1))()]]")
t("[[(j := i) for i in range(2)] for j in range(2)]")
t("[[(i := j) for i in range(2)] for j in range(2)]")
t("[i := 0 for i, j in [(1, 2)]]")
t("[(y := x) for x in range(3)]")
t("{(k := 1): v for k, v in {}.items()}")
t("[x for x in range(3) if (w := x)]")
t("def f():\n    return [x for x in (y := [1])]")
t("[[x for x in (q := [])] for j in range(2)]")
t("[x for x in [(w := y) for y in range(2)]]")
t("[x for x in (lambda: [(w := 1)])()]")
t("class C:\n    [(z := 1) for q in range(2)]")
