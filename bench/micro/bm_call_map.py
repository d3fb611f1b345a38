# Class of work: map and filter over lambdas.
def main():
    t = 0
    data = list(range(1000))
    for k in range(1500):
        t += sum(map(lambda x: x * 3 + k, data))
        t += len(list(filter(lambda x: x % 3 == 0, data)))
    print(t)
main()
