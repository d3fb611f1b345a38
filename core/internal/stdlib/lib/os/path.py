from posixpath import *
from posixpath import __all__
