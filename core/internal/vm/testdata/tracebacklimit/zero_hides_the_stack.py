# With sys.tracebacklimit = 0 an uncaught exception prints only its
# last line, for each exception of the chain.
import sys


def fail():
    raise ValueError('inner')


sys.tracebacklimit = 0
try:
    fail()
except ValueError:
    raise RuntimeError('outer')
