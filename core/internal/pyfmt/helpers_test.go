package pyfmt

import "testing"

// checkResult fails t unless a call (named by call) that returned got and
// err did what a case wants: fail with the message wantErr when that is
// set, else succeed with a result for which ok holds (want describes it).
func checkResult(t *testing.T, call string, got any, err error, ok bool, want any, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || err.Error() != wantErr {
			t.Errorf("%s error = %v, want %q", call, err, wantErr)
		}
		return
	}
	if err != nil || !ok {
		t.Errorf("%s = %+v, %v; want %+v", call, got, err, want)
	}
}
