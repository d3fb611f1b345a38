# & of big ints with machine-int masks, both signs, both orders.
vals = [2**64, 2**64 + 5, -(2**64), -(2**64) - 5, 2**100 - 1, -(2**100) + 1, 2**63, -(2**63) - 1, 12345678901234567890**3, -(12345678901234567890**3)]
masks = [0, 1, 0xFFFF, 2**63 - 1, 2**62, 7, -1, -2, -(2**63), 2**64 - 1, 2**64, -(2**64)]
for v in vals:
    print([v & m for m in masks], [m & v for m in masks], [v | m for m in masks[:4]], [v ^ m for m in masks[:4]])
print(True & 2**70, (2**70 + 1) & True, (2**70 + 1) & False)
