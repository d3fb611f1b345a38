# CPython's int <-> str digit limit (sys.set_int_max_str_digits): the same
# ValueError messages in every conversion path; powers of two are free.
import sys

def attempt(f):
    try:
        r = f()
        print("ok", r if isinstance(r, (int, bool)) or len(str(r)) < 60 else len(r))
    except ValueError as e:
        print(type(e).__name__, e)

big = 10 ** 5000
print(sys.get_int_max_str_digits())
attempt(lambda: str(big))
attempt(lambda: repr(big))
attempt(lambda: f"{big}")
attempt(lambda: f"{big:,}")
attempt(lambda: "%d" % big)
attempt(lambda: "{}".format(-big))
attempt(lambda: int("1" * 5000))
attempt(lambda: int("1_" * 2500 + "1"))
attempt(lambda: int(" -" + "7" * 4301 + " "))
attempt(lambda: int(b"1" * 5000))
attempt(lambda: hex(big)[:10])
attempt(lambda: int("f" * 5000, 16) > 0)
attempt(lambda: int("0x" + "f" * 5000, 0) > 0)
attempt(lambda: len(str(10 ** 4299)))
attempt(lambda: len(str(10 ** 4300)))
attempt(lambda: sys.set_int_max_str_digits(100))
attempt(lambda: sys.set_int_max_str_digits(-1))
sys.set_int_max_str_digits(640)
attempt(lambda: str(10 ** 640))
attempt(lambda: int("9" * 641))
sys.set_int_max_str_digits(0)
print(sys.get_int_max_str_digits(), len(str(big)))
