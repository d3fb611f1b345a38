# int() of strs: the short decimal fast path and everything around it.
for s in ["0", "42", "-7", "+7", "007", "-0", "999999999999999999", "-999999999999999999", "9999999999999999999", "12345678901234567890123", " 12 ", "1_000", "٣", "12\n", "+", "-", "", "1e3", "0x10", "--1", "1 2", "१२"]:
    try:
        print(repr(s), int(s))
    except ValueError as e:
        print(repr(s), "ValueError", e)


class S(str):
    def __int__(self):
        return 99


class T(str):
    pass


print(int(S("5")), int(T("5")), int("17", 8), int("z", 36), int(b"12"), int(bytearray(b"-3")))
