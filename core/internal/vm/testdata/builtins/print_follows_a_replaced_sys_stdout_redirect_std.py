import io, sys
from contextlib import redirect_stdout, redirect_stderr
buf = io.StringIO()
with redirect_stdout(buf):
    print("hidden", 1)
print("captured:", repr(buf.getvalue()))
old = sys.stdout
sys.stdout = io.StringIO()
print("x")
v = sys.stdout.getvalue()
sys.stdout = old
print(repr(v))
err = io.StringIO()
with redirect_stderr(err):
    print("e", file=sys.stderr)
print(repr(err.getvalue()))
import warnings
print(issubclass(FutureWarning, Warning), issubclass(DeprecationWarning, Warning))
