import io
import re
import unittest


class Arithmetic(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        print("setUpClass")

    def setUp(self):
        self.values = [3, 1, 2]

    def tearDown(self):
        print("tearDown", self._testMethodName)

    def test_sorted(self):
        self.assertEqual(sorted(self.values), [1, 2, 3])
        self.assertListEqual(sorted(self.values), [1, 2, 3])
        self.assertIn(2, self.values)
        self.assertNotIn(5, self.values)
        self.assertIsInstance(self.values, list)
        self.assertTrue(self.values)
        self.assertFalse([])
        self.assertIsNone(None)
        self.assertIsNot(self.values, list(self.values))
        self.assertAlmostEqual(0.1 + 0.2, 0.3)
        self.assertGreater(3, 2)
        self.assertLessEqual(2, 2)
        self.assertCountEqual([1, 2, 2], [2, 1, 2])
        self.assertRegex("abc123", r"\d+")

    def test_raises(self):
        with self.assertRaises(ZeroDivisionError) as cm:
            1 / 0
        print("caught", type(cm.exception).__name__)
        self.assertRaises(KeyError, {}.__getitem__, "k")
        with self.assertRaisesRegex(ValueError, "invalid literal"):
            int("x")

    def test_failure(self):
        self.assertEqual(1 + 1, 3, "arithmetic")

    def test_error(self):
        raise RuntimeError("boom")

    @unittest.skip("not today")
    def test_skipped(self):
        print("never runs")

    @unittest.skipIf(True, "condition")
    def test_skipped_if(self):
        pass

    @unittest.expectedFailure
    def test_expected_failure(self):
        self.assertEqual(1, 2)

    def test_subtests(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertLess(i, 5)

    def helper(self):
        print("not a test")


def run(verbosity):
    stream = io.StringIO()
    suite = unittest.TestLoader().loadTestsFromTestCase(Arithmetic)
    result = unittest.TextTestRunner(stream=stream, verbosity=verbosity).run(suite)
    text = re.sub(r"in \d+\.\d+s", "in TIME", stream.getvalue())
    # The tracebacks' file names and lines are the implementation's own.
    text = "\n".join(line for line in text.splitlines() if not line.startswith(("  File", "    ")))
    print(text)
    print(result.testsRun, len(result.failures), len(result.errors), len(result.skipped),
          len(result.expectedFailures), result.wasSuccessful())


run(1)
run(2)
print([t._testMethodName for t in unittest.TestLoader().loadTestsFromTestCase(Arithmetic)])


class Small(unittest.TestCase):
    def test_ok(self):
        self.assertEqual("a" * 2, "aa")


stream = io.StringIO()
prog = unittest.main(module=__name__, defaultTest="Small", exit=False,
                     testRunner=unittest.TextTestRunner(stream=stream))
print(prog.result.wasSuccessful(), stream.getvalue().splitlines()[-1])
try:
    unittest.main(defaultTest="Small", testRunner=unittest.TextTestRunner(stream=io.StringIO()))
except SystemExit as e:
    print("SystemExit", e.code)

try:
    Arithmetic("no_such_method")
except ValueError as e:
    print("ValueError")
try:
    unittest.TestCase().fail("explicit")
except AssertionError as e:
    print("AssertionError", e)
