# A width below the text's length pads nothing, however negative: the
# margin is not computed as width - len (which wraps at -2**63).
for width in [-2**63, -2**63 + 1, -1, 0, 3]:
    for s in ['ab', b'ab', bytearray(b'ab')]:
        print(repr(s.center(width)), repr(s.ljust(width)), repr(s.rjust(width)), repr(s.zfill(width)))
print(repr('-5'.zfill(-2**63)), repr(b'+5'.zfill(-2**63)))
