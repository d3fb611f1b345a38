e = ExceptionGroup("m", [ValueError(1)])
print(str(e), repr(e), e.args, e.exceptions, e.message)
try:
    raise ExceptionGroup("invalid", [KeyError("a"), TypeError("b")])
except ExceptionGroup as eg:
    print(eg, [str(x) for x in eg.exceptions])
