print(int | str, isinstance(3, int | str), isinstance(3.0, int | str), isinstance(None, int | None))
print(type(int | str), int | str == str | int, int | int)
print(float | None | str)
def f(a: int | None = None): pass
print(f.__annotations__)
