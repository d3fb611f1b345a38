package vm

// queue: the single-threaded sandbox's queues. Nothing can fill a queue
// while get() waits, so a get() that would block forever raises Empty
// (and a put() on a full queue raises Full) instead of hanging.

func init() {

}
