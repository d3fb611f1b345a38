# Agent-style: big-int arithmetic (factorials, powers, Fibonacci, digit
# sums) mixed with small ints.


def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def main():
    total = 0
    for rnd in range(100):
        f = fact(400 + rnd)
        total += f % 1000003
        g = fib(2000 + rnd)
        total += g % 999983
        total += pow(3, 10000 + rnd, 10 ** 40 + 7) % 1000
        total += sum(int(c) for c in str(f)[:200])
        x = 12345678901234567890 ** 3
        for i in range(2000):
            x = (x * 31 + i) // 7 + (x >> 5) - (x & 0xFFFF)
        total += x % 1000
    print("bigint checksum:", total)


main()
