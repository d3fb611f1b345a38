from datetime import datetime
try:
    datetime.now()
except NotImplementedError:
    print("no clock")
# amber-only: the sandbox has no clock: datetime.now() raises.
