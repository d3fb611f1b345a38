package pystr

import (
	"reflect"
	"testing"
)

type genCase struct {
	expr      string
	got, want any
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestGenerated(t *testing.T) {
	for _, c := range generatedCases() {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %#v, want %#v", c.expr, c.got, c.want)
		}
	}
}
