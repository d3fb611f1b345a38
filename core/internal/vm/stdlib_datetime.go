package vm

// The datetime module, written in Python and run in the sandbox.
//
// The sandbox has no clock: date.today(), datetime.now(), datetime.utcnow()
// and datetime.today() raise NotImplementedError telling the program to
// take the time as input. There is no local time zone either: where
// CPython would use the host's zone (naive timestamp(), fromtimestamp()
// without tz, astimezone() of a naive datetime or without an argument)
// the sandbox uses UTC.

func init() {

}
