from enum import Enum, IntEnum, auto
class Color(Enum):
    RED = 1
    GREEN = 2
    ALIAS = 1
class Pri(IntEnum):
    LOW = auto()
    HIGH = auto()
print(Color.RED, repr(Color.GREEN), Color(2), Color["RED"], Color.ALIAS is Color.RED, Color.RED.name, Color.RED.value)
print(Pri.LOW < Pri.HIGH, Pri.HIGH == 2, repr(Pri.LOW), list(Color.__members__))
try:
    Color(9)
except ValueError as e:
    print(e)
