# Class of work: f-strings with format specs, and %-formatting.
def main():
    t = 0
    for i in range(300000):
        s = f"{i}:{i * 2:>8}|{'ab'}"
        t += len(s)
        s = "%d-%s-%5.2f" % (i, 'q', i / 3)
        t += len(s)
    print(t)
main()
