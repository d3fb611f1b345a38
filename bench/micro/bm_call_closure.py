# Class of work: a closure made in a loop and called.
def make(n):
    def f(x):
        return x + n
    return f
def main():
    t = 0
    for i in range(1000000):
        g = make(i)
        t += g(1)
    print(t)
main()
