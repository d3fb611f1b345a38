print(issubclass(ExceptionGroup, Exception), ExceptionGroup.__mro__)
try:
    raise ExceptionGroup("x",[ValueError()])
except Exception as e:
    print("caught", type(e))
