# Class of work: pow with a 2048-bit modulus, and with a 134-bit one.
def main():
    m = (1 << 2048) - 159
    a = 3 ** 1000 + 7
    t = 0
    for i in range(10):
        t ^= pow(a + i, m - 2 - i, m) & 0xFFFFFFFF
    m2 = 10 ** 40 + 7
    for i in range(3000):
        t += pow(3, 10000 + i, m2) % 1000
    print(t)
main()
