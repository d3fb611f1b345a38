import sys
import traceback


def a():
    raise ValueError("deep")


def b():
    a()


def c():
    b()


def files(lines):
    # The entries' function names, and the other lines as they are.
    out = []
    for line in "".join(lines).splitlines():
        if line.startswith("  File "):
            out.append("entry " + line.rsplit(" ", 1)[-1])
        elif not line.startswith("    "):
            out.append(line)
    return out


try:
    c()
except ValueError as e:
    err = e
for limit in (None, 2, 1, 0, -1, -2):
    print(limit, files(traceback.format_exception(err, limit=limit)))
for limit in (3, 1, 0, -5):
    sys.tracebacklimit = limit
    print("tracebacklimit", limit, files(traceback.format_exception(err)))
del sys.tracebacklimit
try:
    try:
        c()
    except ValueError:
        raise KeyError("outer")
except KeyError as e:
    print(files(traceback.format_exception(e, limit=1)))
