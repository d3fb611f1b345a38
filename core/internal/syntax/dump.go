package syntax

import (
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"
)

// Dump returns a compact S-expression rendering of a node, for tests and
// debugging, e.g. (BinOp Left=(Name Id="x") Op=+ Right=(Constant Value=1)).
// Zero-valued fields (nil, "", false, empty lists, Load, and the first enum
// value) are omitted; positions are not shown.
func Dump(n any) string {
	var b strings.Builder
	dumpValue(&b, reflect.ValueOf(n))
	return b.String()
}

var spanType = reflect.TypeOf(Span{})

func dumpValue(b *strings.Builder, v reflect.Value) {
	if !v.IsValid() {
		b.WriteString("nil")
		return
	}
	switch x := v.Interface().(type) {
	case *big.Int:
		if x == nil {
			b.WriteString("nil")
		} else {
			b.WriteString(x.String())
		}
		return
	case string:
		b.WriteString(strconv.Quote(x))
		return
	case []byte:
		b.WriteString("b" + strconv.Quote(string(x)))
		return
	case Ellipsis:
		b.WriteString("...")
		return
	case float64, complex128, bool:
		fmt.Fprint(b, x)
		return
	case fmt.Stringer:
		if v.Kind() != reflect.Pointer {
			b.WriteString(x.String())
			return
		}
	}
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		dumpValue(b, v.Elem())
	case reflect.Slice:
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteString(" ")
			}
			dumpValue(b, v.Index(i))
		}
		b.WriteString("]")
	case reflect.Struct:
		t := v.Type()
		b.WriteString("(")
		b.WriteString(t.Name())
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Type == spanType || !f.IsExported() {
				continue
			}
			fv := v.Field(i)
			if fv.IsZero() || fv.Kind() == reflect.Slice && fv.Len() == 0 {
				if !(f.Name == "Value" && t.Name() == "Constant") && !(f.Name == "Conversion") {
					continue
				}
			}
			b.WriteString(" ")
			b.WriteString(f.Name)
			b.WriteString("=")
			dumpValue(b, fv)
		}
		b.WriteString(")")
	case reflect.Int:
		fmt.Fprint(b, v.Int())
	default:
		fmt.Fprint(b, v.Interface())
	}
}
