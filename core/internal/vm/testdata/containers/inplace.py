a = [1, 2]; b = a; a += (3,); a *= 2; print(b)
s = {1}; t = s; s |= {2}; s &= {2, 5}; s ^= {3}; s -= {3}; print(t)
d = {1: 2}; e = d; d |= [(3, 4)]; print(e)