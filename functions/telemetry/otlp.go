package telemetry

import (
	"encoding/binary"
	"math"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// The worker writes spans straight into the protobuf encoding of an OTLP
// ExportTraceServiceRequest (opentelemetry/proto/collector/trace/v1)
// instead of making the SDK's span objects and having its exporter
// convert and marshal them: a step's spans cost one append into the
// batch's buffer, with no allocation, where the SDK's path cost about
// 15 µs and 70 allocations a step (BenchmarkStepSpans). The receiver
// side (internal/otlptest, the Collector) decodes them with the
// generated code of go.opentelemetry.io/proto/otlp, which the tests use
// to check this encoding field by field.

// Protobuf wire types.
const (
	wireVarint  = 0
	wireFixed64 = 1
	wireBytes   = 2
	wireFixed32 = 5
)

// Field numbers of the OTLP messages Amber writes.
const (
	// ExportTraceServiceRequest
	fRequestResourceSpans = 1
	// ResourceSpans
	fResourceSpansResource = 1
	fResourceSpansScope    = 2
	// Resource and InstrumentationScope
	fResourceAttributes = 1
	fScopeName          = 1
	fScopeVersion       = 2
	// ScopeSpans
	fScopeSpansScope = 1
	fScopeSpansSpans = 2
	// Span
	fSpanTraceID    = 1
	fSpanSpanID     = 2
	fSpanParentID   = 4
	fSpanName       = 5
	fSpanKind       = 6
	fSpanStart      = 7
	fSpanEnd        = 8
	fSpanAttributes = 9
	fSpanEvents     = 11
	fSpanStatus     = 15
	fSpanFlags      = 16
	// Span.Event
	fEventTime       = 1
	fEventName       = 2
	fEventAttributes = 3
	// Status
	fStatusMessage = 2
	fStatusCode    = 3
	// KeyValue and AnyValue
	fKey         = 1
	fValue       = 2
	fValueString = 1
	fValueBool   = 2
	fValueInt    = 3
	fValueDouble = 4
)

// Span kinds and status codes (their OTLP enum values).
const (
	kindInternal    = 1
	kindServer      = 2
	kindClient      = 3
	statusCodeError = 2
)

// Span flags: the W3C trace flags in the low byte, and whether the
// parent is known to be remote.
const (
	flagHasIsRemote = 0x100
	flagIsRemote    = 0x200
)

func appendTag(b []byte, field, wire int) []byte {
	return binary.AppendUvarint(b, uint64(field)<<3|uint64(wire))
}

func appendStringField(b []byte, field int, s string) []byte {
	b = appendTag(b, field, wireBytes)
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendBytesField(b []byte, field int, v []byte) []byte {
	b = appendTag(b, field, wireBytes)
	b = binary.AppendUvarint(b, uint64(len(v)))
	return append(b, v...)
}

func appendVarintField(b []byte, field int, v uint64) []byte {
	return binary.AppendUvarint(appendTag(b, field, wireVarint), v)
}

func appendFixed64Field(b []byte, field int, v uint64) []byte {
	return binary.LittleEndian.AppendUint64(appendTag(b, field, wireFixed64), v)
}

func appendFixed32Field(b []byte, field int, v uint32) []byte {
	return binary.LittleEndian.AppendUint32(appendTag(b, field, wireFixed32), v)
}

// openMessage starts an embedded message (field) whose length is not
// known yet: it reserves one byte for the length and returns where the
// body starts. closeMessage writes the length there, moving the body
// when the length needs more than one byte.
func openMessage(b []byte, field int) ([]byte, int) {
	b = appendTag(b, field, wireBytes)
	b = append(b, 0)
	return b, len(b)
}

func closeMessage(b []byte, body int) []byte {
	n := len(b) - body
	if n < 0x80 {
		b[body-1] = byte(n)
		return b
	}
	var lenBuf [binary.MaxVarintLen64]byte
	ln := binary.PutUvarint(lenBuf[:], uint64(n))
	// Grow by ln-1 bytes, shift the body right and write the length.
	for range ln - 1 {
		b = append(b, 0)
	}
	copy(b[body-1+ln:], b[body:body+n])
	copy(b[body-1:], lenBuf[:ln])
	return b
}

func unixNano(t time.Time) uint64 {
	if t.IsZero() {
		return 0
	}
	return uint64(t.UnixNano())
}

// openAttr starts a KeyValue (as field) of key and its AnyValue, whose
// one field the caller appends; closeAttr ends both.
func openAttr(b []byte, field int, key string) (out []byte, kv, value int) {
	b, kv = openMessage(b, field)
	b = appendStringField(b, fKey, key)
	b, value = openMessage(b, fValue)
	return b, kv, value
}

func closeAttr(b []byte, kv, value int) []byte {
	return closeMessage(closeMessage(b, value), kv)
}

// appendStringAttr appends a KeyValue with a string value to field.
func appendStringAttr(b []byte, field int, key, value string) []byte {
	b, kv, v := openAttr(b, field, key)
	return closeAttr(appendStringField(b, fValueString, value), kv, v)
}

func appendIntAttr(b []byte, field int, key string, value int64) []byte {
	b, kv, v := openAttr(b, field, key)
	return closeAttr(appendVarintField(b, fValueInt, uint64(value)), kv, v)
}

func appendBoolAttr(b []byte, field int, key string, value bool) []byte {
	var n uint64
	if value {
		n = 1
	}
	b, kv, v := openAttr(b, field, key)
	return closeAttr(appendVarintField(b, fValueBool, n), kv, v)
}

func appendDoubleAttr(b []byte, field int, key string, value float64) []byte {
	b, kv, v := openAttr(b, field, key)
	return closeAttr(appendFixed64Field(b, fValueDouble, math.Float64bits(value)), kv, v)
}

// appendAttr appends an attribute.KeyValue of the resource (scalars as
// themselves; slices as their string form, which the resource's
// attributes, from OTEL_RESOURCE_ATTRIBUTES, never are).
func appendAttr(b []byte, field int, kv attribute.KeyValue) []byte {
	k := string(kv.Key)
	switch kv.Value.Type() {
	case attribute.BOOL:
		return appendBoolAttr(b, field, k, kv.Value.AsBool())
	case attribute.INT64:
		return appendIntAttr(b, field, k, kv.Value.AsInt64())
	case attribute.FLOAT64:
		return appendDoubleAttr(b, field, k, kv.Value.AsFloat64())
	case attribute.STRING:
		return appendStringAttr(b, field, k, kv.Value.AsString())
	default:
		return appendStringAttr(b, field, k, kv.Value.Emit())
	}
}

// spanHead is what starts every span: ids, name, kind and times.
type spanHead struct {
	traceID      trace.TraceID
	spanID       trace.SpanID
	parentID     trace.SpanID // zero: a root span
	remoteParent bool
	name         [3]string // the span's name is their concatenation ("s3", " ", "Get")
	kind         int
	start, end   time.Time
}

// openSpan appends a ScopeSpans.spans entry with h's fields and returns
// where its body starts; the caller appends attributes, events and
// status and then closes it with closeMessage.
func openSpan(b []byte, h *spanHead) ([]byte, int) {
	b, body := openMessage(b, fScopeSpansSpans)
	b = appendBytesField(b, fSpanTraceID, h.traceID[:])
	b = appendBytesField(b, fSpanSpanID, h.spanID[:])
	if h.parentID.IsValid() {
		b = appendBytesField(b, fSpanParentID, h.parentID[:])
	}
	b = appendTag(b, fSpanName, wireBytes)
	b = binary.AppendUvarint(b, uint64(len(h.name[0])+len(h.name[1])+len(h.name[2])))
	b = append(b, h.name[0]...)
	b = append(b, h.name[1]...)
	b = append(b, h.name[2]...)
	b = appendVarintField(b, fSpanKind, uint64(h.kind))
	b = appendFixed64Field(b, fSpanStart, unixNano(h.start))
	b = appendFixed64Field(b, fSpanEnd, unixNano(h.end))
	// Every span Amber makes is sampled (the sampler is parent based, and
	// an unsampled parent makes none).
	flags := uint32(trace.FlagsSampled) | flagHasIsRemote
	if h.remoteParent {
		flags |= flagIsRemote
	}
	return appendFixed32Field(b, fSpanFlags, flags), body
}

// appendErrorStatus appends a Status of code ERROR with message.
func appendErrorStatus(b []byte, message string) []byte {
	b, st := openMessage(b, fSpanStatus)
	if message != "" {
		b = appendStringField(b, fStatusMessage, message)
	}
	b = appendVarintField(b, fStatusCode, statusCodeError)
	return closeMessage(b, st)
}

// requestPrefix is the encoding of an ExportTraceServiceRequest up to
// its spans: the one ResourceSpans (the resource and the scope) and
// ScopeSpans headers, whose lengths depend on the spans' total, n bytes.
func requestPrefix(b, resource, scope []byte, n int) []byte {
	scopeSpans := len(scope) + n
	resourceSpans := len(resource) + sizeOfTagLen(fResourceSpansScope, scopeSpans) + scopeSpans
	b = appendTag(b, fRequestResourceSpans, wireBytes)
	b = binary.AppendUvarint(b, uint64(resourceSpans))
	b = append(b, resource...)
	b = appendTag(b, fResourceSpansScope, wireBytes)
	b = binary.AppendUvarint(b, uint64(scopeSpans))
	return append(b, scope...)
}

// sizeOfTagLen is the size of a length-delimited field's tag and length.
func sizeOfTagLen(field, n int) int {
	var buf [2 * binary.MaxVarintLen64]byte
	return len(binary.AppendUvarint(appendTag(buf[:0], field, wireBytes), uint64(n)))
}

// encodeResource is the ResourceSpans.resource field of attrs.
func encodeResource(attrs []attribute.KeyValue) []byte {
	b, r := openMessage(nil, fResourceSpansResource)
	for _, kv := range attrs {
		b = appendAttr(b, fResourceAttributes, kv)
	}
	return closeMessage(b, r)
}

// encodeScope is the ScopeSpans.scope field of Amber's scope.
func encodeScope(name, version string) []byte {
	b, s := openMessage(nil, fScopeSpansScope)
	b = appendStringField(b, fScopeName, name)
	if version != "" {
		b = appendStringField(b, fScopeVersion, version)
	}
	return closeMessage(b, s)
}
