# Class of work: factorials by repeated multiplication by small ints (3000!).
def main():
    r = 1
    for i in range(2, 3001):
        r *= i
    t = 0
    for k in range(60):
        x = 1
        for i in range(2, 3001):
            x *= i
        t += x % 1000003
    print(r % 1000000007, t)
main()
