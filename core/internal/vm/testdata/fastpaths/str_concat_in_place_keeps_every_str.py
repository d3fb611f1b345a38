# s += t appends into room after s's bytes; every str made on the way
# must keep its own text, whichever of them is concatenated onto next.
s = ""
seen = []
for i in range(300):
    s += chr(97 + i % 26)
    if i % 37 == 0:
        seen.append(s)
print(len(s), s[:30], s[-30:])
print([len(x) for x in seen])
print(all(s.startswith(x) for x in seen))

# Two strs made from the same one: the second must not see the first's tail.
base = "q" * 200
base += "r"
a = base + "A" * 5
b = base + "B" * 5
print(a[-7:], b[-7:], base[-3:], len(a), len(b), len(base))
a += "x"
b += "y"
print(a[-8:], b[-8:], base[-3:])

# An older str of a chain concatenated onto after a newer one.
t = "t" * 100
t += "1"
old = t
t += "2"
t += "3"
old += "9"
print(old[-4:], t[-4:], len(old), len(t))

# Doubling onto itself, and a piece that is a slice of the str.
d = "ab" * 50
d += "c"
for _ in range(6):
    d += d
print(len(d), d[:5], d[-5:], d.count("c"))
e = "0123456789" * 10
e += "!"
e += e[:50]
e += e[-20:]
print(len(e), e[95:110], e[-25:])

# Non-ASCII pieces keep lengths and indexing right.
u = "é" * 90
u += "ü"
for k in range(50):
    u += "€" if k % 2 else "a"
print(len(u), u[89:93], u[-4:], u.count("€"), u.encode()[-6:])

# Strs built in place hash and compare like any other.
k1 = "key" * 40
k1 += "!"
k1 += "?"
k2 = "key" * 40 + "!?"
d2 = {k2: 1}
print(k1 == k2, hash(k1) == hash(k2), d2[k1], k1 is k2)

# A temporary on the left (a + b + c) and a str not made by concatenation.
w = "w" * 100
x = w + "1" + "2" + "3"
y = w + "4"
print(x[-5:], y[-3:], w[-2:], len(w))
