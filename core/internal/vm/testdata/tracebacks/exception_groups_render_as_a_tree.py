def f():
    raise ValueError("v")
errs = []
try:
    f()
except ValueError as e:
    errs.append(e)
raise ExceptionGroup("eg", [errs[0], ExceptionGroup("inner", [TypeError(2)]), KeyError("k")])
