# Class of work: Fibonacci far out by additions of numbers thousands of digits long.
def main():
    a, b = 0, 1
    for _ in range(20000):
        a, b = b, a + b
    t = 0
    for k in range(20):
        x, y = 0, 1
        for _ in range(20000):
            x, y = y, x + y
        t += x % 999983
    print(a % 1000000007, t)
main()
