for s in ["hello world", "héllo wörld €", "", "a", "日本語テキスト"]:
    print(s[1:4], s[::-1], s[::2], s[-3:], s[:-3], s[5:1], s[10**20:], s[-10**20:2], s[1::3], s[-1:-100:-2], s[None:None])
    try:
        s[::0]
    except ValueError as e: print(e)
class S(str):
    def __getitem__(self, k): return "sub" + repr(k)
print(S("abc")[1:2])
class I:
    def __index__(self): return 1
print("abcdef"[I():I()+3 if False else 4])
print("abc"[True:])
x = "abcdef"
print(x[1:5] is x[1:5], x[:] is x, x[0:6] == x)
t = (1, 2, 3)
print(t[:] is t, t[0:3] is t, t[::-1])
