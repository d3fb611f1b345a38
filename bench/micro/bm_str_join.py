# Class of work: str.join of a list and of a comprehension.
def main():
    words = [str(i) for i in range(1000)]
    t = 0
    for k in range(3000):
        t += len(','.join(words))
        t += len(''.join([w for w in words]))
    print(t)
main()
