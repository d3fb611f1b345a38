# logging, written in Python. Time stamps (asctime, created) come from the
# sandbox's virtual time module, never the host clock.
import sys
import time as _time
import traceback as _traceback

CRITICAL = 50
FATAL = CRITICAL
ERROR = 40
WARNING = 30
WARN = WARNING
INFO = 20
DEBUG = 10
NOTSET = 0

_levelToName = {CRITICAL: 'CRITICAL', ERROR: 'ERROR', WARNING: 'WARNING',
                 INFO: 'INFO', DEBUG: 'DEBUG', NOTSET: 'NOTSET'}
_nameToLevel = {'CRITICAL': CRITICAL, 'FATAL': FATAL, 'ERROR': ERROR, 'WARN': WARNING,
                'WARNING': WARNING, 'INFO': INFO, 'DEBUG': DEBUG, 'NOTSET': NOTSET}

raiseExceptions = True
lastResort = None

def getLevelName(level):
    result = _levelToName.get(level)
    if result is not None:
        return result
    result = _nameToLevel.get(level)
    if result is not None:
        return result
    return 'Level %s' % level

def getLevelNamesMapping():
    return dict(_nameToLevel)

def addLevelName(level, levelName):
    _levelToName[level] = levelName
    _nameToLevel[levelName] = level

def _checkLevel(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _nameToLevel:
            raise ValueError('Unknown level: %r' % level)
        return _nameToLevel[level]
    raise TypeError('Level not an integer or a valid string: %r' % (level,))

_start = _time.time()


class LogRecord:
    def __init__(self, name, level, pathname, lineno, msg, args, exc_info,
                 func=None, sinfo=None, **kwargs):
        ct = _time.time()
        self.name = name
        self.msg = msg
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        self.args = args
        self.levelname = getLevelName(level)
        self.levelno = level
        self.pathname = pathname
        self.filename = pathname.rsplit('/', 1)[-1]
        self.module = self.filename.rsplit('.', 1)[0]
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.lineno = lineno
        self.funcName = func
        self.created = ct
        self.msecs = int((ct - int(ct)) * 1000) + 0.0
        self.relativeCreated = (ct - _start) * 1000
        self.thread = 1
        self.threadName = 'MainThread'
        self.processName = 'MainProcess'
        self.process = 1
        self.taskName = None

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (self.name, self.levelno,
            self.pathname, self.lineno, self.msg)


_logRecordFactory = LogRecord

def setLogRecordFactory(factory):
    global _logRecordFactory
    _logRecordFactory = factory

def getLogRecordFactory():
    return _logRecordFactory

def makeLogRecord(dict):
    rv = _logRecordFactory(None, None, '', 0, '', (), None, None)
    rv.__dict__.update(dict)
    return rv


class PercentStyle:
    default_format = '%(message)s'
    asctime_format = '%(asctime)s'
    asctime_search = '%(asctime)'

    def __init__(self, fmt, *, defaults=None):
        self._fmt = fmt or self.default_format
        self._defaults = defaults

    def usesTime(self):
        return self._fmt.find(self.asctime_search) >= 0

    def validate(self):
        pass

    def _values(self, record):
        # The record's attributes, over the defaults given to the style.
        if not self._defaults:
            return record.__dict__
        values = dict(self._defaults)
        values.update(record.__dict__)
        return values

    def _format(self, record):
        return self._fmt % self._values(record)

    def format(self, record):
        try:
            return self._format(record)
        except KeyError as e:
            raise ValueError('Formatting field not found in record: %s' % e)


class StrFormatStyle(PercentStyle):
    default_format = '{message}'
    asctime_format = '{asctime}'
    asctime_search = '{asctime'

    def _format(self, record):
        return self._fmt.format(**self._values(record))


class StringTemplateStyle(PercentStyle):
    default_format = '${message}'
    asctime_format = '${asctime}'
    asctime_search = '${asctime}'

    def _format(self, record):
        from string import Template
        return Template(self._fmt).substitute(**self._values(record))

    def usesTime(self):
        return '$asctime' in self._fmt or '${asctime}' in self._fmt


_STYLES = {'%': PercentStyle, '{': StrFormatStyle, '$': StringTemplateStyle}
BASIC_FORMAT = '%(levelname)s:%(name)s:%(message)s'


class Formatter:
    converter = staticmethod(_time.localtime)
    default_time_format = '%Y-%m-%d %H:%M:%S'
    default_msec_format = '%s,%03d'

    def __init__(self, fmt=None, datefmt=None, style='%', validate=True, *, defaults=None):
        if style not in _STYLES:
            raise ValueError('Style must be one of: %s' % ','.join(_STYLES.keys()))
        self._style = _STYLES[style](fmt, defaults=defaults)
        self._fmt = self._style._fmt
        self.datefmt = datefmt

    def formatTime(self, record, datefmt=None):
        ct = self.converter(record.created)
        if datefmt:
            return _time.strftime(datefmt, ct)
        s = _time.strftime(self.default_time_format, ct)
        if self.default_msec_format:
            s = self.default_msec_format % (s, record.msecs)
        return s

    def formatException(self, ei):
        if isinstance(ei, tuple):
            ei = ei[1]
        s = ''.join(_traceback.format_exception(ei))
        if s[-1:] == '\n':
            s = s[:-1]
        return s

    def usesTime(self):
        return self._style.usesTime()

    def formatMessage(self, record):
        return self._style.format(record)

    def formatStack(self, stack_info):
        return stack_info

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        s = self.formatMessage(record)
        if record.exc_info:
            if not record.exc_text:
                record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            if s[-1:] != '\n':
                s = s + '\n'
            s = s + record.exc_text
        if record.stack_info:
            if s[-1:] != '\n':
                s = s + '\n'
            s = s + self.formatStack(record.stack_info)
        return s


_defaultFormatter = Formatter()


class Filter:
    def __init__(self, name=''):
        self.name = name
        self.nlen = len(name)

    def filter(self, record):
        if self.nlen == 0:
            return True
        if self.name == record.name:
            return True
        if record.name.find(self.name, 0, self.nlen) != 0:
            return False
        return record.name[self.nlen] == '.'


def _add_once(items, item):
    if item not in items:
        items.append(item)


def _discard(items, item):
    if item in items:
        items.remove(item)


class Filterer:
    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        _add_once(self.filters, filter)

    def removeFilter(self, filter):
        _discard(self.filters, filter)

    def filter(self, record):
        for f in self.filters:
            if hasattr(f, 'filter'):
                result = f.filter(record)
            else:
                result = f(record)
            if not result:
                return False
            if isinstance(result, LogRecord):
                record = result
        return record


class Handler(Filterer):
    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self._name = None
        self.level = _checkLevel(level)
        self.formatter = None

    def get_name(self):
        return self._name

    def set_name(self, name):
        self._name = name

    name = property(get_name, set_name)

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def format(self, record):
        fmt = self.formatter if self.formatter else _defaultFormatter
        return fmt.format(record)

    def emit(self, record):
        raise NotImplementedError('emit must be implemented by Handler subclasses')

    def handle(self, record):
        rv = self.filter(record)
        if isinstance(rv, LogRecord):
            record = rv
        if rv:
            self.emit(record)
        return rv

    def setFormatter(self, fmt):
        self.formatter = fmt

    def flush(self):
        pass

    def close(self):
        pass

    def acquire(self):
        pass

    def release(self):
        pass

    def handleError(self, record):
        if raiseExceptions:
            sys.stderr.write('--- Logging error ---\n')
            _traceback.print_exc()

    def __repr__(self):
        return '<%s (%s)>' % (self.__class__.__name__, getLevelName(self.level))


class StreamHandler(Handler):
    terminator = '\n'

    def __init__(self, stream=None):
        Handler.__init__(self)
        self._explicit = stream is not None
        self.stream = stream

    def _stream(self):
        return self.stream if self.stream is not None else sys.stderr

    def flush(self):
        s = self._stream()
        if hasattr(s, 'flush'):
            s.flush()

    def emit(self, record):
        try:
            msg = self.format(record)
            self._stream().write(msg + self.terminator)
        except Exception:
            self.handleError(record)

    def setStream(self, stream):
        old = self.stream
        self.stream = stream
        return old

    def __repr__(self):
        name = getattr(self._stream(), 'name', '')
        if name:
            name += ' '
        return '<%s %s(%s)>' % (self.__class__.__name__, name, getLevelName(self.level))


class FileHandler(StreamHandler):
    def __init__(self, filename, mode='a', encoding=None, delay=False, errors=None):
        raise PermissionError('[Errno 1] Operation not permitted: %r' % (filename,))


class NullHandler(Handler):
    def handle(self, record):
        pass

    def emit(self, record):
        pass


class _StderrHandler(StreamHandler):
    def __init__(self, level=NOTSET):
        Handler.__init__(self, level)
        self.stream = None


_defaultLastResort = _StderrHandler(WARNING)
lastResort = _defaultLastResort


class PlaceHolder:
    def __init__(self, alogger):
        self.loggerMap = {alogger: None}

    def append(self, alogger):
        if alogger not in self.loggerMap:
            self.loggerMap[alogger] = None


class Manager:
    def __init__(self, rootnode):
        self.root = rootnode
        self.disable = 0
        self.loggerDict = {}
        self.loggerClass = None

    def getLogger(self, name):
        if not isinstance(name, str):
            raise TypeError('A logger name must be a string')
        rv = self.loggerDict.get(name)
        if rv is None:
            rv = (self.loggerClass or _loggerClass)(name)
            rv.manager = self
            self.loggerDict[name] = rv
            self._fixupParents(rv)
            self._fixupChildren(rv)
        return rv

    def _fixupParents(self, alogger):
        name = alogger.name
        i = name.rfind('.')
        rv = None
        while i > 0 and not rv:
            substr = name[:i]
            obj = self.loggerDict.get(substr)
            if obj is not None and isinstance(obj, Logger):
                rv = obj
            i = name.rfind('.', 0, i - 1)
        if not rv:
            rv = self.root
        alogger.parent = rv

    def _fixupChildren(self, alogger):
        name = alogger.name
        for c in self.loggerDict.values():
            if c is not alogger and c.name.startswith(name + '.'):
                if c.parent is self.root or not c.parent.name.startswith(name):
                    c.parent = alogger

    def _clear_cache(self):
        pass


def _named(function, name, owner):
    function.__name__ = name
    function.__qualname__ = owner + '.' + name
    return function


def _at_level(level, name, owner):
    # A Logger method that logs at one level.
    def method(self, msg, *args, **kwargs):
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)
    return _named(method, name, owner)


def _via_log(level, name, owner):
    # A LoggerAdapter method that logs at one level.
    def method(self, msg, *args, **kwargs):
        self.log(level, msg, *args, **kwargs)
    return _named(method, name, owner)


class Logger(Filterer):
    def __init__(self, name, level=NOTSET):
        Filterer.__init__(self)
        self.name = name
        self.level = _checkLevel(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False

    def setLevel(self, level):
        self.level = _checkLevel(level)

    debug = _at_level(DEBUG, 'debug', 'Logger')
    info = _at_level(INFO, 'info', 'Logger')
    warning = _at_level(WARNING, 'warning', 'Logger')
    error = _at_level(ERROR, 'error', 'Logger')
    critical = _at_level(CRITICAL, 'critical', 'Logger')
    fatal = critical

    def warn(self, msg, *args, **kwargs):
        self.warning(msg, *args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            if raiseExceptions:
                raise TypeError('level must be an integer')
            return
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def findCaller(self, stack_info=False, stacklevel=1):
        return '(unknown file)', 0, '(unknown function)', None

    def makeRecord(self, name, level, fn, lno, msg, args, exc_info,
                   func=None, extra=None, sinfo=None):
        rv = _logRecordFactory(name, level, fn, lno, msg, args, exc_info, func, sinfo)
        if extra is not None:
            for key in extra:
                if (key in ['message', 'asctime']) or (key in rv.__dict__):
                    raise KeyError('Attempt to overwrite %r in LogRecord' % key)
                rv.__dict__[key] = extra[key]
        return rv

    def _log(self, level, msg, args, exc_info=None, extra=None, stack_info=False, stacklevel=1):
        import _amber_extra
        depth = 1
        where = _amber_extra.caller(depth)
        while where is not None and where[0] == 'logging.py':
            depth += 1
            where = _amber_extra.caller(depth)
        if stacklevel > 1:
            where = _amber_extra.caller(depth + stacklevel - 1)
        if where is None:
            fn, lno, func = '(unknown file)', 0, '(unknown function)'
        else:
            fn, lno, func = where[0], where[1], where[2]
        if exc_info:
            if isinstance(exc_info, BaseException):
                exc_info = (type(exc_info), exc_info, None)
            elif not isinstance(exc_info, tuple):
                exc_info = sys.exc_info()
            if exc_info[1] is None:
                exc_info = None
        record = self.makeRecord(self.name, level, fn, lno, msg, args, exc_info, func, extra, None)
        self.handle(record)

    def handle(self, record):
        if self.disabled:
            return
        rv = self.filter(record)
        if not rv:
            return
        if isinstance(rv, LogRecord):
            record = rv
        self.callHandlers(record)

    def addHandler(self, hdlr):
        _add_once(self.handlers, hdlr)

    def removeHandler(self, hdlr):
        _discard(self.handlers, hdlr)

    def hasHandlers(self):
        c = self
        while c:
            if c.handlers:
                return True
            if not c.propagate:
                break
            c = c.parent
        return False

    def callHandlers(self, record):
        c = self
        found = 0
        while c:
            for hdlr in c.handlers:
                found = found + 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            if not c.propagate:
                c = None
            else:
                c = c.parent
        if found == 0:
            if lastResort:
                if record.levelno >= lastResort.level:
                    lastResort.handle(record)

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled:
            return False
        if self.manager.disable >= level:
            return False
        return level >= self.getEffectiveLevel()

    def getChild(self, suffix):
        if self.root is not self:
            suffix = '.'.join((self.name, suffix))
        return self.manager.getLogger(suffix)

    def __repr__(self):
        level = getLevelName(self.getEffectiveLevel())
        return '<%s %s (%s)>' % (self.__class__.__name__, self.name, level)


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, 'root', level)


_loggerClass = Logger


class LoggerAdapter:
    def __init__(self, logger, extra=None):
        self.logger = logger
        self.extra = extra

    def process(self, msg, kwargs):
        kwargs['extra'] = self.extra
        return msg, kwargs

    debug = _via_log(DEBUG, 'debug', 'LoggerAdapter')
    info = _via_log(INFO, 'info', 'LoggerAdapter')
    warning = _via_log(WARNING, 'warning', 'LoggerAdapter')
    error = _via_log(ERROR, 'error', 'LoggerAdapter')
    critical = _via_log(CRITICAL, 'critical', 'LoggerAdapter')

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.log(ERROR, msg, *args, exc_info=exc_info, **kwargs)

    def log(self, level, msg, *args, **kwargs):
        if self.isEnabledFor(level):
            msg, kwargs = self.process(msg, kwargs)
            kwargs['stacklevel'] = kwargs.get('stacklevel', 1) + 1
            self.logger.log(level, msg, *args, **kwargs)

    def isEnabledFor(self, level):
        return self.logger.isEnabledFor(level)

    def setLevel(self, level):
        self.logger.setLevel(level)

    def getEffectiveLevel(self):
        return self.logger.getEffectiveLevel()

    def hasHandlers(self):
        return self.logger.hasHandlers()


root = RootLogger(WARNING)
Logger.root = root
Logger.manager = Manager(Logger.root)


def basicConfig(**kwargs):
    force = kwargs.pop('force', False)
    if force:
        for h in root.handlers[:]:
            root.removeHandler(h)
            h.close()
    if len(root.handlers) == 0:
        handlers = kwargs.pop('handlers', None)
        if handlers is None:
            if 'stream' in kwargs and 'filename' in kwargs:
                raise ValueError("'stream' and 'filename' should not be specified together")
        elif 'stream' in kwargs or 'filename' in kwargs:
            raise ValueError("'stream' or 'filename' should not be specified together with 'handlers'")
        if handlers is None:
            filename = kwargs.pop('filename', None)
            mode = kwargs.pop('filemode', 'a')
            if filename:
                h = FileHandler(filename, mode)
            else:
                stream = kwargs.pop('stream', None)
                h = StreamHandler(stream)
            handlers = [h]
        dfs = kwargs.pop('datefmt', None)
        style = kwargs.pop('style', '%')
        if style not in _STYLES:
            raise ValueError('Style must be one of: %s' % ','.join(_STYLES.keys()))
        fs = kwargs.pop('format', _STYLES[style].default_format if style != '%' else BASIC_FORMAT)
        fmt = Formatter(fs, dfs, style)
        for h in handlers:
            if h.formatter is None:
                h.setFormatter(fmt)
            root.addHandler(h)
        level = kwargs.pop('level', None)
        if level is not None:
            root.setLevel(level)
        kwargs.pop('encoding', None)
        kwargs.pop('errors', None)
        if kwargs:
            keys = ', '.join(kwargs.keys())
            raise ValueError('Unrecognised argument(s): %s' % keys)


def getLogger(name=None):
    if not name or isinstance(name, str) and name == root.name:
        return root
    return Logger.manager.getLogger(name)


def getLoggerClass():
    return _loggerClass


def setLoggerClass(klass):
    global _loggerClass
    _loggerClass = klass


def _on_root(name):
    # A module-level function: configure the root logger on first use,
    # then call its method of the same name.
    def function(*args, **kwargs):
        if not root.handlers:
            basicConfig()
        return getattr(root, name)(*args, **kwargs)
    function.__name__ = function.__qualname__ = name
    return function


critical = _on_root('critical')
fatal = critical
error = _on_root('error')
warning = _on_root('warning')
info = _on_root('info')
debug = _on_root('debug')
log = _on_root('log')


def exception(msg, *args, exc_info=True, **kwargs):
    error(msg, *args, exc_info=exc_info, **kwargs)


def warn(msg, *args, **kwargs):
    warning(msg, *args, **kwargs)

def disable(level=CRITICAL):
    root.manager.disable = level

def shutdown(handlerList=None):
    pass

def captureWarnings(capture):
    pass

def getHandlerByName(name):
    return None
