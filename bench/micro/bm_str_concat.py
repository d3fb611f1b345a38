# Class of work: building a str by += in a loop.
def main():
    t = 0
    for k in range(10):
        s = ''
        for i in range(50000):
            s += 'x'
        t += len(s)
    print(t)
main()
