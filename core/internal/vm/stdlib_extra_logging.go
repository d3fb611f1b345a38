package vm

// logging, written in Python. Time stamps (asctime, created) come from the
// sandbox's virtual time module, never the host clock.

func init() {

}
