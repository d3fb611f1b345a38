# Class of work: str() of ints with tens of thousands of digits.
import sys
sys.set_int_max_str_digits(0)
def main():
    t = 0
    for k in range(3):
        x = 3 ** (100000 + k)
        s = str(x)
        t += len(s) + int(s[-5:])
    for k in range(200):
        t += len(str(7 ** (3000 + k)))
    print(t)
main()
