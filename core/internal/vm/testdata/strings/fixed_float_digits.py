# Fixed-point float formatting through every path (f-string plain specs,
# grouped specs, '%', % formatting, format()): rounding at the last
# decimal, halfway values, carries into a new digit, 17 significant
# digits and beyond, tiny, huge and special values.
vals = [0.0, -0.0, 1.0, 9.995, 9.9999, 99.5, 0.5, 1.005, 2.675, 1e15, 1e16 - 1, 1e17,
        9.999999999999998, 999999.9999999, 123456.789, 0.9999999, 2.5, 12.345,
        5e-324, 1.7976931348623157e308, 2.0**53, 99999999999999.99, 1 / 3, 2 / 3,
        float("inf"), float("-inf"), float("nan"), 314.15926535, -271.8281828]
for v in vals:
    row = [f"{v:.0f}", f"{v:.1f}", f"{v:.2f}", f"{v:.3f}", f"{v:10.4f}", f"{v:f}",
           f"{v:.12f}", f"{v:.17f}", f"{v:,.2f}", f"{v:.1%}", "%.2f" % v, "%.5f" % v,
           format(v, "#.0f"), format(v, "+.3F")]
    print(" | ".join(r[:60] for r in row))
print(sum(len(f"{i / 7:.2f}") for i in range(5000)), f"{10 / 3:.15f}", f"{10 / 3:.16f}")
