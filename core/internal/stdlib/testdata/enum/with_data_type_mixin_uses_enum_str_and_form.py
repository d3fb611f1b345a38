from enum import Enum, IntEnum
class Status(str, Enum):
    OK = "ok"
class I(int, Enum):
    A = 1
class P(IntEnum):
    A = 1
for m in (Status.OK, I.A, P.A):
    print(str(m), repr(m), f"{m}", format(m, ">10") + "|")
print(Status.OK == "ok", Status("ok").value)
