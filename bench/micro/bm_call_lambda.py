# Class of work: lambdas composed and called.
def compose(f, g):
    return lambda x: f(g(x))
inc = lambda x: x + 1
dbl = lambda x: x * 2
def main():
    h = compose(inc, dbl)
    t = 0
    for i in range(1000000):
        t += h(i)
    print(t)
main()
