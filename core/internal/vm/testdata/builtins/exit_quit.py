# exit() and quit(), the builtins CPython's site module adds.
import builtins

print(repr(exit))
print(str(quit))
print(type(exit).__name__, type(exit).__module__, builtins.quit is quit)
for fn in (exit, quit):
    for args in ((), (0,), (3,), ('message',), (None,)):
        try:
            fn(*args)
        except SystemExit as e:
            print(fn.name, args, 'SystemExit', repr(e.code), e.args)
try:
    exit(1, 2)
except TypeError as e:
    print('TypeError')
try:
    exit(code=4)
except SystemExit as e:
    print('keyword', e.code)


def f():
    try:
        quit(5)
    finally:
        print('finally runs')


try:
    f()
except BaseException as e:
    print(type(e).__name__, e)
