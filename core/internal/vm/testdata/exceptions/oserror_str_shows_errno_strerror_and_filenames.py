class S:
    def __str__(self): return "ess"
    def __repr__(self): return "arr"
for a in [(1, "x"), (2, "no", "f"), (2, "no", None), (2, "no", "f", None, "g"), (2, "no", None, None, "g"), (S(), S(), S(), 0, S()), (1,), (1, 2, 3, 4, 5, 6)]:
    print(str(OSError(*a)), str(FileNotFoundError(*a)))
