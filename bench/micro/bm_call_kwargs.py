# Class of work: keyword arguments with defaults, keyword-only ones too.
def f(a, b=2, c=3, *, d=4, e=5):
    return a + b * c - d + e
def main():
    t = 0
    for i in range(1000000):
        t += f(i, c=i, e=1)
        t += f(i, 1, d=2)
    print(t)
main()
