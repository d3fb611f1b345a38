# %d of machine ints with flags and widths is laid out on the stack;
# wide fields and big ints take the general path.
for f in ["%d", "%5d", "%-5d|", "%05d", "%+05d", "% 05d", "%+d", "% d", "%-+6d|", "%0-6d|", "%3d", "%+3d", "%i", "%u", "%60d", "%-70d|", "%045d"]:
    print(repr(f), [f % x for x in (0, 1, -1, 12345, -12345, 2**63 - 1, -(2**63), 2**64, True)])
print("item%d:%s" % (7, "x"), "%*d|%-*d|" % (4, 5, 4, 5), "%.3d|%5.3d" % (7, -7))
