package vm

// decimal, written in Python: a useful subset of CPython's decimal module
// (finite numbers plus Infinity/NaN parsing; context precision and
// rounding; + - * / // % ** with integer powers; quantize, to_integral,
// normalize, sqrt; comparisons, hashing, str/repr/format). Signals other
// than division by zero and invalid operation are not tracked.

func init() {

}
