class Prop:
    @property
    def p(self):
        raise AttributeError("inner")
    def __getattr__(self, n):
        return "ga:" + n
print(Prop().p, getattr(Prop(), "p"))
