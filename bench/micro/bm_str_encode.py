# Class of work: str.encode and bytes.decode, ASCII and not.
def main():
    s = 'hello world ' * 100
    u = 'héllo wörld ' * 100
    t = 0
    for k in range(60000):
        t += len(s.encode())
        t += len(u.encode('utf-8'))
        t += len(s.encode('ascii').decode())
    print(t)
main()
