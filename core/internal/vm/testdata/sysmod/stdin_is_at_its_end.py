import sys

print(repr(sys.stdin).startswith("<_io.TextIOWrapper name='<stdin>' mode='r'"))
print(repr(sys.stdout).startswith("<_io.TextIOWrapper name='<stdout>' mode='w'"))
print("TextIOWrapper" in str(type(sys.stdin)), sys.stdin.name, sys.stdin.mode, sys.stdout.mode)
print(repr(sys.stdin.read()), repr(sys.stdin.read(5)), repr(sys.stdin.readline()), sys.stdin.readlines())
print(sys.stdin.readable(), sys.stdout.readable(), sys.stdout.writable(), sys.stderr.writable())
try:
    sys.stdout.read()
except OSError as e:
    print(type(e).__name__, e)
try:
    input()
except EOFError as e:
    print("EOFError", e)
