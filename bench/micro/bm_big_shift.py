# Class of work: shifts, masks and xors of a big value.
def main():
    x = 7 ** 5000
    t = 0
    for i in range(100000):
        y = (x << (i % 100)) >> 3
        t += y & 0xFF
        x = x ^ (y >> 200)
    print(t)
main()
