class GA:
    def __getattribute__(self, n):
        if n == "secret":
            return 42
        return object.__getattribute__(self, n)
    def __getattr__(self, n):
        return "fallback " + n
    def m(self):
        return "m"
ga = GA(); ga.v = 3
print(ga.secret, ga.v, ga.m(), ga.nope, getattr(ga, "secret"))
class Log:
    def __init__(self): self.x = 1
    def __getattribute__(self, n):
        print("get", n)
        return super().__getattribute__(n)
print(Log().x)
