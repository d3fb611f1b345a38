for f in (lambda: [1][5], lambda: (1,)[5], lambda: range(3)[5], lambda: [1]['a'], lambda: (1,)['a'], lambda: range(3)['a'], lambda: [1][::0], lambda: [1]['a':], lambda: {}['k']):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, repr(e))
# amber-only: CPython also prints compile-time SyntaxWarnings for the literal str indices; Amber's compiler does not warn.
