# A return runs the finally blocks it leaves; a break, continue or return
# inside such a finally body takes over, and the value the first return was
# carrying is dropped.

def cont(n):
    out = []
    for i in range(n):
        try:
            try:
                out.append(i)
            finally:
                return "lost"
        finally:
            out.append("f%d" % i)
            continue
    return out

print(cont(3))


def brk():
    for i in range(5):
        try:
            return i
        finally:
            if i == 2:
                break
    return "broke at %d" % i

print(brk())


def nested_ret():
    for i in range(3):
        try:
            try:
                return "inner"
            finally:
                try:
                    1 / 0
                finally:
                    return "middle %d" % i
        finally:
            if i < 2:
                continue
    return "end"

print(nested_ret())


def while_loop():
    n = 0
    seen = []
    while n < 4:
        n += 1
        try:
            return n * 10
        finally:
            seen.append(n)
            if n % 2:
                continue
            break
    return seen

print(while_loop())


def with_exception():
    for i in range(2):
        try:
            raise ValueError(i)
        finally:
            try:
                return i
            finally:
                continue
    return "done"

print(with_exception())
