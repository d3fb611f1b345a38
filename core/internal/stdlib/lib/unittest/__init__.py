# unittest: test cases, suites, a loader, a text runner and main(). The
# sandbox has no clock, so the runner reports every run as taking 0.000s.
import sys
import traceback as _traceback
import difflib as _difflib
import re as _re

__all__ = ['TestCase', 'TestSuite', 'TestLoader', 'TextTestRunner', 'TestResult',
           'TextTestResult', 'SkipTest', 'main', 'skip', 'skipIf', 'skipUnless',
           'expectedFailure', 'defaultTestLoader', 'FunctionTestCase']


class SkipTest(Exception):
    pass


class _ShouldStop(Exception):
    pass


def skip(reason):
    def decorator(item):
        if isinstance(item, type) and issubclass(item, TestCase):
            item.__unittest_skip__ = True
            item.__unittest_skip_why__ = reason
            return item

        def skip_wrapper(*args, **kwargs):
            raise SkipTest(reason)
        skip_wrapper.__name__ = getattr(item, '__name__', 'skip_wrapper')
        skip_wrapper.__doc__ = getattr(item, '__doc__', None)
        skip_wrapper.__unittest_skip__ = True
        skip_wrapper.__unittest_skip_why__ = reason
        return skip_wrapper
    if callable(reason) and not isinstance(reason, str):
        item, reason = reason, ''
        return decorator(item)
    return decorator


def skipIf(condition, reason):
    return skip(reason) if condition else (lambda item: item)


def skipUnless(condition, reason):
    return skip(reason) if not condition else (lambda item: item)


def expectedFailure(test_item):
    test_item.__unittest_expecting_failure__ = True
    return test_item


class _AssertRaisesContext:
    def __init__(self, expected, test_case, regex=None, msg=None):
        self.expected = expected
        self.test_case = test_case
        self.regex = regex
        self.msg = msg
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            try:
                name = self.expected.__name__
            except AttributeError:
                name = str(self.expected)
            self.test_case.fail(self.test_case._formatMessage(self.msg, '%s not raised' % name))
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc_value.with_traceback(None)
        if self.regex is not None:
            pattern = self.regex
            if isinstance(pattern, str):
                pattern = _re.compile(pattern)
            if not pattern.search(str(exc_value)):
                self.test_case.fail(self.test_case._formatMessage(
                    self.msg, '"%s" does not match "%s"' % (pattern.pattern, str(exc_value))))
        return True


class _SubTest:
    def __init__(self, case, msg, params):
        self.case, self.msg, self.params = case, msg, params


class TestCase:
    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8

    def __init__(self, methodName='runTest'):
        self._testMethodName = methodName
        self._cleanups = []
        self._outcome = None
        if methodName != 'runTest' and not hasattr(self, methodName):
            raise ValueError('no such test method in %s: %s' % (self.__class__, methodName))

    def setUp(self):
        pass

    def tearDown(self):
        pass

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def addCleanup(self, function, /, *args, **kwargs):
        self._cleanups.append((function, args, kwargs))

    def doCleanups(self):
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            function(*args, **kwargs)

    def countTestCases(self):
        return 1

    def id(self):
        return '%s.%s.%s' % (self.__class__.__module__, self.__class__.__qualname__, self._testMethodName)

    def shortDescription(self):
        doc = getattr(getattr(self, self._testMethodName, None), '__doc__', None)
        return doc.strip().split('\n')[0].strip() if doc else None

    def __str__(self):
        return '%s (%s.%s.%s)' % (self._testMethodName, self.__class__.__module__,
                                  self.__class__.__qualname__, self._testMethodName)

    def __repr__(self):
        return '<%s.%s testMethod=%s>' % (self.__class__.__module__, self.__class__.__qualname__,
                                          self._testMethodName)

    def __eq__(self, other):
        if type(self) is not type(other):
            return NotImplemented
        return self._testMethodName == other._testMethodName

    def __hash__(self):
        return hash((type(self), self._testMethodName))

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def defaultTestResult(self):
        return TestResult()

    def skipTest(self, reason):
        raise SkipTest(reason)

    def subTest(self, msg=None, **params):
        return _SubTestContext(self, msg, params)

    def run(self, result=None):
        if result is None:
            result = self.defaultTestResult()
        method = getattr(self, self._testMethodName)
        result.startTest(self)
        try:
            if getattr(self.__class__, '__unittest_skip__', False) or getattr(method, '__unittest_skip__', False):
                why = (getattr(self.__class__, '__unittest_skip_why__', '')
                       or getattr(method, '__unittest_skip_why__', ''))
                result.addSkip(self, why)
                return result
            expecting_failure = getattr(method, '__unittest_expecting_failure__', False)
            ok = self._call(result, self.setUp, False)
            if ok:
                self._sub_failed = False
                ok = self._call(result, method, expecting_failure)
                if self._sub_failed:
                    ok = False
                if not self._call(result, self.tearDown, False):
                    ok = False
            try:
                self.doCleanups()
            except Exception:
                ok = False
                result.addError(self, sys.exc_info())
            if ok is True:
                if expecting_failure:
                    result.addUnexpectedSuccess(self)
                else:
                    result.addSuccess(self)
        finally:
            result.stopTest(self)
        return result

    def _call(self, result, fn, expecting_failure):
        # Runs one part of a test; reports its failure; True if it passed.
        try:
            fn()
            return True
        except KeyboardInterrupt:
            raise
        except SkipTest as e:
            result.addSkip(self, str(e))
        except self.failureException:
            if expecting_failure:
                result.addExpectedFailure(self, sys.exc_info())
            else:
                result.addFailure(self, sys.exc_info())
        except Exception:
            if expecting_failure:
                result.addExpectedFailure(self, sys.exc_info())
            else:
                result.addError(self, sys.exc_info())
        return None

    def debug(self):
        self.setUp()
        getattr(self, self._testMethodName)()
        self.tearDown()
        self.doCleanups()

    # --- assertions ---

    def _formatMessage(self, msg, standardMsg):
        if msg is None:
            return standardMsg
        if not self.longMessage:
            return msg
        return '%s : %s' % (standardMsg, msg)

    def fail(self, msg=None):
        raise self.failureException(msg)

    def assertTrue(self, expr, msg=None):
        if not expr:
            self.fail(self._formatMessage(msg, '%s is not true' % _safe_repr(expr)))

    def assertFalse(self, expr, msg=None):
        if expr:
            self.fail(self._formatMessage(msg, '%s is not false' % _safe_repr(expr)))

    def assertEqual(self, first, second, msg=None):
        if not first == second:
            standard = '%s != %s' % _common_shorten_repr(first, second)
            if isinstance(first, str) and isinstance(second, str) and ('\n' in first or '\n' in second):
                diff = ''.join(_difflib.ndiff(first.splitlines(True), second.splitlines(True)))
                standard = standard + '\n' + diff
            self.fail(self._formatMessage(msg, standard))

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            self.fail(self._formatMessage(msg, '%s == %s' % (_safe_repr(first), _safe_repr(second))))

    assertMultiLineEqual = assertEqual
    assertListEqual = assertEqual
    assertTupleEqual = assertEqual
    assertDictEqual = assertEqual
    assertSetEqual = assertEqual
    assertSequenceEqual = assertEqual

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        if delta is not None and places is not None:
            raise TypeError('specify delta or places not both')
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standard = '%s != %s within %s delta (%s difference)' % (
                _safe_repr(first), _safe_repr(second), _safe_repr(delta), _safe_repr(diff))
        else:
            if places is None:
                places = 7
            if round(diff, places) == 0:
                return
            standard = '%s != %s within %r places (%s difference)' % (
                _safe_repr(first), _safe_repr(second), places, _safe_repr(diff))
        self.fail(self._formatMessage(msg, standard))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        diff = abs(first - second)
        if delta is not None:
            if not (first == second) and diff > delta:
                return
            standard = '%s == %s within %s delta (%s difference)' % (
                _safe_repr(first), _safe_repr(second), _safe_repr(delta), _safe_repr(diff))
        else:
            if places is None:
                places = 7
            if not (first == second) and round(diff, places) != 0:
                return
            standard = '%s == %s within %r places' % (_safe_repr(first), _safe_repr(second), places)
        self.fail(self._formatMessage(msg, standard))

    def assertIs(self, expr1, expr2, msg=None):
        if expr1 is not expr2:
            self.fail(self._formatMessage(msg, '%s is not %s' % (_safe_repr(expr1), _safe_repr(expr2))))

    def assertIsNot(self, expr1, expr2, msg=None):
        if expr1 is expr2:
            self.fail(self._formatMessage(msg, 'unexpectedly identical: %s' % _safe_repr(expr1)))

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            self.fail(self._formatMessage(msg, '%s is not None' % _safe_repr(obj)))

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            self.fail(self._formatMessage(msg, 'unexpectedly None'))

    def assertIn(self, member, container, msg=None):
        if member not in container:
            self.fail(self._formatMessage(msg, '%s not found in %s' % (_safe_repr(member), _safe_repr(container))))

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            self.fail(self._formatMessage(msg, '%s unexpectedly found in %s' % (_safe_repr(member), _safe_repr(container))))

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is not an instance of %r' % (_safe_repr(obj), cls)))

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is an instance of %r' % (_safe_repr(obj), cls)))

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            self.fail(self._formatMessage(msg, '%s not greater than %s' % (_safe_repr(a), _safe_repr(b))))

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            self.fail(self._formatMessage(msg, '%s not greater than or equal to %s' % (_safe_repr(a), _safe_repr(b))))

    def assertLess(self, a, b, msg=None):
        if not a < b:
            self.fail(self._formatMessage(msg, '%s not less than %s' % (_safe_repr(a), _safe_repr(b))))

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            self.fail(self._formatMessage(msg, '%s not less than or equal to %s' % (_safe_repr(a), _safe_repr(b))))

    def assertCountEqual(self, first, second, msg=None):
        a, b = list(first), list(second)
        for x in list(a):
            if x in b:
                b.remove(x)
                a.remove(x)
        if a or b:
            self.fail(self._formatMessage(msg, 'Element counts were not equal'))

    def assertRegex(self, text, expected_regex, msg=None):
        if isinstance(expected_regex, str):
            expected_regex = _re.compile(expected_regex)
        if not expected_regex.search(text):
            self.fail(self._formatMessage(msg, "Regex didn't match: %r not found in %r" % (expected_regex.pattern, text)))

    def assertNotRegex(self, text, unexpected_regex, msg=None):
        if isinstance(unexpected_regex, str):
            unexpected_regex = _re.compile(unexpected_regex)
        m = unexpected_regex.search(text)
        if m:
            self.fail(self._formatMessage(msg, 'Regex matched: %r matches %r in %r' % (
                text[m.start():m.end()], unexpected_regex.pattern, text)))

    def assertRaises(self, expected_exception, *args, **kwargs):
        context = _AssertRaisesContext(expected_exception, self, msg=kwargs.pop('msg', None))
        if not args:
            return context
        callable_obj, args = args[0], args[1:]
        with context:
            callable_obj(*args, **kwargs)

    def assertRaisesRegex(self, expected_exception, expected_regex, *args, **kwargs):
        context = _AssertRaisesContext(expected_exception, self, expected_regex, kwargs.pop('msg', None))
        if not args:
            return context
        callable_obj, args = args[0], args[1:]
        with context:
            callable_obj(*args, **kwargs)

    def assertWarns(self, expected_warning, *args, **kwargs):
        import warnings
        context = _AssertWarnsContext(expected_warning, self)
        if not args:
            return context
        with context:
            args[0](*args[1:], **kwargs)

    # The old names.
    failUnlessEqual = assertEquals = assertEqual
    failIfEqual = assertNotEquals = assertNotEqual
    failUnless = assert_ = assertTrue
    failIf = assertFalse


class _AssertWarnsContext:
    def __init__(self, expected, test_case):
        self.expected, self.test_case = expected, test_case

    def __enter__(self):
        import warnings
        self._cm = warnings.catch_warnings(record=True)
        self._log = self._cm.__enter__()
        warnings.simplefilter('always')
        return self

    def __exit__(self, exc_type, exc_value, tb):
        self._cm.__exit__(exc_type, exc_value, tb)
        if exc_type is not None:
            return False
        for w in self._log:
            if issubclass(w.category, self.expected):
                self.warning = w.message
                return False
        self.test_case.fail('%s not triggered' % self.expected.__name__)


class _SubTestContext:
    def __init__(self, case, msg, params):
        self.case, self.msg, self.params = case, msg, params

    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            return False
        if issubclass(exc_type, SkipTest) or not issubclass(exc_type, Exception):
            return False
        self.case._sub_failed = True
        print(self.case._sub_label(self.msg, self.params), file=sys.stderr)
        _traceback.print_exception(exc_type, exc_value, tb)
        return True


def _sub_label(self, msg, params):
    parts = []
    if msg is not None:
        parts.append('[%s]' % msg)
    if params:
        parts.append('(%s)' % ', '.join('%s=%r' % kv for kv in params.items()))
    return 'subTest %s %s' % (self._testMethodName, ' '.join(parts))


TestCase._sub_label = _sub_label


def _safe_repr(obj, short=False):
    try:
        result = repr(obj)
    except Exception:
        result = object.__repr__(obj)
    if not short or len(result) < 80:
        return result
    return result[:80] + ' [truncated]...'


def _common_shorten_repr(*args):
    return tuple(_safe_repr(a) for a in args)


class FunctionTestCase(TestCase):
    def __init__(self, testFunc, setUp=None, tearDown=None, description=None):
        TestCase.__init__(self, 'runTest')
        self._setUpFunc, self._tearDownFunc = setUp, tearDown
        self._testFunc, self._description = testFunc, description

    def setUp(self):
        if self._setUpFunc is not None:
            self._setUpFunc()

    def tearDown(self):
        if self._tearDownFunc is not None:
            self._tearDownFunc()

    def runTest(self):
        self._testFunc()

    def id(self):
        return self._testFunc.__name__

    def __str__(self):
        return '%s (%s)' % (self.__class__.__name__, self._testFunc.__name__)


class TestSuite:
    def __init__(self, tests=()):
        self._tests = []
        self.addTests(tests)

    def addTest(self, test):
        if not callable(test):
            raise TypeError('{} is not callable'.format(repr(test)))
        self._tests.append(test)

    def addTests(self, tests):
        if isinstance(tests, str):
            raise TypeError('tests must be an iterable of tests, not a string')
        for test in tests:
            self.addTest(test)

    def __iter__(self):
        return iter(self._tests)

    def countTestCases(self):
        return sum(t.countTestCases() for t in self._tests)

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def run(self, result):
        classes_done = []
        for test in self._tests:
            if result.shouldStop:
                break
            if isinstance(test, TestCase):
                cls = test.__class__
                if cls not in classes_done:
                    classes_done.append(cls)
                    if not getattr(cls, '__unittest_skip__', False):
                        try:
                            cls.setUpClass()
                        except Exception:
                            result.addError(test, sys.exc_info())
                            continue
            test(result)
        for cls in classes_done:
            if not getattr(cls, '__unittest_skip__', False):
                try:
                    cls.tearDownClass()
                except Exception:
                    pass
        return result

    def __repr__(self):
        return '<unittest.suite.TestSuite tests=%r>' % (self._tests,)


class TestLoader:
    testMethodPrefix = 'test'
    sortTestMethodsUsing = None
    suiteClass = TestSuite

    def getTestCaseNames(self, testCaseClass):
        names = [n for n in dir(testCaseClass)
                 if n.startswith(self.testMethodPrefix) and callable(getattr(testCaseClass, n))]
        names.sort()
        return names

    def loadTestsFromTestCase(self, testCaseClass):
        if issubclass(testCaseClass, TestSuite):
            raise TypeError('Test cases should not be derived from TestSuite.')
        names = self.getTestCaseNames(testCaseClass)
        if not names and hasattr(testCaseClass, 'runTest'):
            names = ['runTest']
        return self.suiteClass([testCaseClass(n) for n in names])

    def loadTestsFromModule(self, module, *args, pattern=None, **kws):
        tests = []
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, TestCase) and obj not in (TestCase, FunctionTestCase):
                tests.append(self.loadTestsFromTestCase(obj))
        return self.suiteClass(tests)

    def loadTestsFromName(self, name, module=None):
        parts = name.split('.')
        obj = module if module is not None else sys.modules[parts.pop(0)]
        parent = None
        for part in parts:
            parent, obj = obj, getattr(obj, part)
        if isinstance(obj, type) and issubclass(obj, TestCase):
            return self.loadTestsFromTestCase(obj)
        if isinstance(parent, type) and issubclass(parent, TestCase):
            return self.suiteClass([parent(parts[-1])])
        if hasattr(obj, '__dict__') and type(obj).__name__ == 'module':
            return self.loadTestsFromModule(obj)
        raise TypeError("don't know how to make test from: %s" % obj)

    def loadTestsFromNames(self, names, module=None):
        return self.suiteClass([self.loadTestsFromName(n, module) for n in names])


defaultTestLoader = TestLoader()


class TestResult:
    def __init__(self, stream=None, descriptions=None, verbosity=None):
        self.failures = []
        self.errors = []
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.testsRun = 0
        self.shouldStop = False
        self.failfast = False

    def startTest(self, test):
        self.testsRun += 1

    def stopTest(self, test):
        pass

    def startTestRun(self):
        pass

    def stopTestRun(self):
        pass

    def _exc_text(self, err):
        exctype, value, tb = err
        return ''.join(_traceback.format_exception(exctype, value, tb))

    def addError(self, test, err):
        self.errors.append((test, self._exc_text(err)))
        if self.failfast:
            self.shouldStop = True

    def addFailure(self, test, err):
        self.failures.append((test, self._exc_text(err)))
        if self.failfast:
            self.shouldStop = True

    def addSuccess(self, test):
        pass

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, self._exc_text(err)))

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)

    def wasSuccessful(self):
        return not self.failures and not self.errors and not self.unexpectedSuccesses

    def stop(self):
        self.shouldStop = True


class TextTestResult(TestResult):
    separator1 = '=' * 70
    separator2 = '-' * 70

    def __init__(self, stream, descriptions, verbosity):
        TestResult.__init__(self)
        self.stream = stream
        self.showAll = verbosity > 1
        self.dots = verbosity == 1
        self.descriptions = descriptions

    def getDescription(self, test):
        doc = test.shortDescription() if self.descriptions else None
        if doc:
            return '\n'.join((str(test), doc))
        return str(test)

    def startTest(self, test):
        TestResult.startTest(self, test)
        if self.showAll:
            self.stream.write(self.getDescription(test) + ' ... ')

    def _report(self, word, dot):
        if self.showAll:
            self.stream.write(word + '\n')
        elif self.dots:
            self.stream.write(dot)

    def addSuccess(self, test):
        TestResult.addSuccess(self, test)
        self._report('ok', '.')

    def addError(self, test, err):
        TestResult.addError(self, test, err)
        self._report('ERROR', 'E')

    def addFailure(self, test, err):
        TestResult.addFailure(self, test, err)
        self._report('FAIL', 'F')

    def addSkip(self, test, reason):
        TestResult.addSkip(self, test, reason)
        self._report('skipped {0!r}'.format(reason), 's')

    def addExpectedFailure(self, test, err):
        TestResult.addExpectedFailure(self, test, err)
        self._report('expected failure', 'x')

    def addUnexpectedSuccess(self, test):
        TestResult.addUnexpectedSuccess(self, test)
        self._report('unexpected success', 'u')

    def printErrors(self):
        if self.dots or self.showAll:
            self.stream.write('\n')
        for flavour, errors in (('ERROR', self.errors), ('FAIL', self.failures)):
            for test, err in errors:
                self.stream.write(self.separator1 + '\n')
                self.stream.write('%s: %s\n' % (flavour, self.getDescription(test)))
                self.stream.write(self.separator2 + '\n')
                self.stream.write('%s\n' % err)


class TextTestRunner:
    resultclass = TextTestResult

    def __init__(self, stream=None, descriptions=True, verbosity=1, failfast=False,
                 buffer=False, resultclass=None, warnings=None, *, tb_locals=False):
        self.stream = stream if stream is not None else sys.stderr
        self.descriptions = descriptions
        self.verbosity = verbosity
        self.failfast = failfast
        if resultclass is not None:
            self.resultclass = resultclass

    def run(self, test):
        result = self.resultclass(self.stream, self.descriptions, self.verbosity)
        result.failfast = self.failfast
        result.startTestRun()
        try:
            test(result)
        finally:
            result.stopTestRun()
        result.printErrors()
        run = result.testsRun
        self.stream.write(result.separator2 + '\n')
        self.stream.write('Ran %d test%s in 0.000s\n\n' % (run, '' if run == 1 else 's'))
        infos = []
        if not result.wasSuccessful():
            self.stream.write('FAILED')
            if result.failures:
                infos.append('failures=%d' % len(result.failures))
            if result.errors:
                infos.append('errors=%d' % len(result.errors))
        else:
            self.stream.write('OK')
        if result.skipped:
            infos.append('skipped=%d' % len(result.skipped))
        if result.expectedFailures:
            infos.append('expected failures=%d' % len(result.expectedFailures))
        if result.unexpectedSuccesses:
            infos.append('unexpected successes=%d' % len(result.unexpectedSuccesses))
        if infos:
            self.stream.write(' (%s)' % ', '.join(infos))
        self.stream.write('\n')
        return result


class main:
    def __init__(self, module='__main__', defaultTest=None, argv=None, testRunner=None,
                 testLoader=defaultTestLoader, exit=True, verbosity=1, failfast=None,
                 catchbreak=None, buffer=None, warnings=None, *, tb_locals=False):
        if isinstance(module, str):
            module = sys.modules[module]
        self.module = module
        self.verbosity = verbosity
        self.exit = exit
        self.testLoader = testLoader
        if defaultTest is None:
            self.test = testLoader.loadTestsFromModule(module)
        elif isinstance(defaultTest, str):
            self.test = testLoader.loadTestsFromNames([defaultTest], module)
        else:
            self.test = testLoader.loadTestsFromNames(list(defaultTest), module)
        runner = testRunner
        if runner is None:
            runner = TextTestRunner(verbosity=verbosity, failfast=bool(failfast))
        elif isinstance(runner, type):
            runner = runner(verbosity=verbosity)
        self.result = runner.run(self.test)
        if exit:
            sys.exit(not self.result.wasSuccessful())


TestProgram = main
