package vm

// calendar: plain Python over datetime, with CPython's text layouts.

func init() {

}
