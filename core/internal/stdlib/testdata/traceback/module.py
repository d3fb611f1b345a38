import traceback, sys
def f(x):
    return 1 / x
try:
    f(0)
except ZeroDivisionError:
    print(traceback.format_exc())
    traceback.print_exc()
try:
    f(0)
except Exception as e:
    print("".join(traceback.format_exception(e)))
    print("".join(traceback.format_exception(type(e), e, e.__traceback__)))
    print(traceback.format_exception_only(e))
    traceback.print_exception(e)
print(repr(traceback.format_exc()))
try:
    try:
        raise KeyError('k')
    except KeyError as e:
        raise ValueError("bad") from e
except ValueError:
    traceback.print_exc(file=sys.stdout)
