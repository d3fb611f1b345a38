# Class of work: slicing and indexing a str.
def main():
    s = 'abcdefghij' * 1000
    t = 0
    for k in range(1000):
        for i in range(0, 1000, 3):
            t += len(s[i:i + 50])
            t += ord(s[i])
        t += len(s[::-1][:10])
    print(t)
main()
