# exit() and quit(): the builtins CPython's site module adds (see
# VM.lazyBuiltin). Calling one raises SystemExit, as sys.exit() does, so a
# session reports it the same way.


class Quitter:
    __slots__ = ('name', 'eof')

    def __init__(self, name, eof):
        self.name = name
        self.eof = eof

    def __repr__(self):
        return 'Use %s() or %s to exit' % (self.name, self.eof)

    def __call__(self, code=None):
        raise SystemExit(code)


Quitter.__module__ = '_sitebuiltins'

exit = Quitter('exit', 'Ctrl-D (i.e. EOF)')
quit = Quitter('quit', 'Ctrl-D (i.e. EOF)')
