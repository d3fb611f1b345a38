# Arithmetic whose results leave the machine word: every operator, both
# signs, and results that come back into it.
a = 2 ** 100
b = -(3 ** 50)
print(a, b, 7 ** 0, (-2) ** 63, (-2) ** 64)
print(a + b, a - b, a * b, a // 7, a % 7, -a // 7, -a % 7)
print(a // b, a % b, divmod(a, b), divmod(b, 1000))
print(a >> 90, a << 3, b >> 200, (a * a) >> 190)
print(a & b, a | b, a ^ b, ~a)
print(pow(a, 3), pow(3, 200, 10 ** 9 + 7), pow(a, 2, 97))
print(a / b, a ** 0.5, (2 ** 63) ** 2 - 2 ** 126)
print(10 ** 30 // 7, 10 ** 40 // 10 ** 39, int(str(a)) == a)
print(sum(2 ** i for i in range(70)), 2 ** 70 - 1)
print(hash(2 ** 61 - 1) == hash(0), abs(b), -b, +a)
print(f"{a:,}", f"{b:x}", f"{a:e}", bin(2 ** 65), oct(b), hex(a))
