package gateway

// Test hooks: the frame inspector, to check frame sizes from the client's
// side.

// NewFrameInspector returns an inspector of frames over max.
func NewFrameInspector(max int64) interface {
	Feed([]byte)
	TooBig() bool
} {
	return newFrameInspector(max)
}

func (f *frameInspector) Feed(p []byte) { f.feed(p) }
func (f *frameInspector) TooBig() bool  { return f.tooBig.Load() }
