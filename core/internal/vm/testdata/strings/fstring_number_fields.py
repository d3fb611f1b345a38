# f-string fields of machine numbers, with and without specs, and errors.
x = 1.5
print(f"{x}", f"{x:.3}", f"{-0.0}", f"{1e300}", f"{float('nan'):>6}", f"{7}", f"{7:x}", f"{True}", f"{True:d}", f"{2**70:,}", f"{x!r:>8}", f"{'ab'!s:^6}")
try:
    f"{x:d}"
except ValueError as e:
    print(e)
try:
    f"{7:s}"
except ValueError as e:
    print(e)
