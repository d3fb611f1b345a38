# Class of work: int() of decimal strs with tens of thousands of digits.
import sys
sys.set_int_max_str_digits(0)
def main():
    t = 0
    for k in range(3):
        n = int('9' * (50000 + k))
        m = int('123456789' * 5000)
        t += n.bit_length() + m % 1000003
    for k in range(200):
        t += int('31' * (1500 + k)) % 1000003
    print(t)
main()
