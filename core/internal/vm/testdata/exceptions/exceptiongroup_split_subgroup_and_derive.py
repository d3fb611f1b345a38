eg = ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("in", [ValueError(3), KeyError(4)])])
m, r = eg.split(ValueError)
print(repr(m), repr(r))
print(repr(eg.subgroup(lambda e: isinstance(e, LookupError))), eg.subgroup(OSError))
print(repr(eg.split((TypeError, KeyError))[0]), eg.split(Exception)[0] is eg)
print(repr(eg.derive([ValueError(9)])))
class MyEG(ExceptionGroup):
    def derive(self, excs): return MyEG(self.message + "!", excs)
print(repr(MyEG("m", [ValueError(1), TypeError(2)]).split(ValueError)))
