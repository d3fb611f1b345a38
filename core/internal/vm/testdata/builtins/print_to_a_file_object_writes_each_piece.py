import io
import sys


class Log:
    def __init__(self):
        self.calls = []

    def write(self, s):
        self.calls.append(s)
        return len(s)


log = Log()
print("a", 1, [2], file=log)
print(file=log)
print("x", "y", sep="--", end="!", file=log)
print("s", sep="", end="", file=log)
print(log.calls)


class Bad:
    def __str__(self):
        raise ValueError("no str")


log = Log()
try:
    print("before", Bad(), "after", file=log)
except ValueError as e:
    print("ValueError", e, log.calls)

buf = io.StringIO()
print("into", "StringIO", file=buf)
print(repr(buf.getvalue()))
saved = sys.stdout
sys.stdout = log = Log()
print("redirected", 2)
sys.stdout = saved
print(log.calls)
try:
    print("x", file=object())
except AttributeError as e:
    print("AttributeError", e)
