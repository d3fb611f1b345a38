import traceback
try:
    raise ExceptionGroup('g', [ValueError(1), ExceptionGroup('h', [KeyError(2)])])
except Exception as e:
    te = traceback.TracebackException.from_exception(e, max_group_width=1, max_group_depth=1)
    print(''.join(te.format()))
    print(list(te.format_exception_only()))
    print(te.exc_type, str(te), len(te.exceptions), te.__cause__, te.__suppress_context__)
    print(''.join(traceback.TracebackException(type(e), e, None, max_group_depth=0).format(chain=False)))
    te.print()
try:
    try:
        1/0
    except ZeroDivisionError as z:
        raise KeyError('k')
except KeyError as k:
    print(''.join(traceback.format_exception(k, chain=False)))
    t = traceback.TracebackException.from_exception(k)
    print(type(t.__context__).__name__, str(t.__context__), t.__cause__)
    print(t == traceback.TracebackException.from_exception(k))
    traceback.print_exception(k, chain=False)
