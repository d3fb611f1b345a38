package telemetry

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
)

// Metric names. Every step counts in MetricSteps by operation and
// outcome; steps that ran Python or loaded a state have their latency in
// MetricStepDuration by operation and load (warm, cold; none for
// operations that load no interpreter).
const (
	MetricSteps         = "amber.steps"
	MetricStepDuration  = "amber.step.duration"
	MetricBytesWritten  = "amber.step.bytes_written"
	MetricStateBytes    = "amber.session.bytes"
	MetricConflicts     = "amber.step.conflicts"
	MetricRetries       = "amber.step.retries"
	MetricQuotaRefusals = "amber.quota.refusals"
	MetricSessions      = "amber.sessions.in_memory"
	// MetricDropped counts the steps whose spans and EMF line were
	// dropped because the telemetry worker's queue was full.
	MetricDropped = "amber.telemetry.dropped"
)

// instruments are the SDK's instruments (nil fields without a meter).
type instruments struct {
	steps, written, conflicts, retries, quota metric.Int64Counter
	dropped                                   metric.Int64Counter
	duration                                  metric.Float64Histogram
	state                                     metric.Int64Histogram
	meter                                     metric.Meter
	sessions                                  atomic.Pointer[func() int64]
	sets                                      sync.Map // [4]string -> metric.MeasurementOption
	nsets                                     atomic.Int64
}

func newInstruments(m metric.Meter) (*instruments, error) {
	in := &instruments{meter: m}
	if m == nil {
		return in, nil
	}
	var errs [9]error
	in.steps, errs[0] = m.Int64Counter(MetricSteps, metric.WithUnit("{step}"),
		metric.WithDescription("Steps handled, by operation and outcome."))
	in.duration, errs[1] = m.Float64Histogram(MetricStepDuration, metric.WithUnit("ms"),
		metric.WithDescription("Step latency in the engine, by operation and load (warm or cold)."),
		metric.WithExplicitBucketBoundaries(0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000))
	in.written, errs[2] = m.Int64Counter(MetricBytesWritten, metric.WithUnit("By"),
		metric.WithDescription("Bytes the steps' commits wrote to the stores."))
	in.state, errs[3] = m.Int64Histogram(MetricStateBytes, metric.WithUnit("By"),
		metric.WithDescription("Logical bytes of the state each committed step stored."))
	in.conflicts, errs[4] = m.Int64Counter(MetricConflicts, metric.WithUnit("{step}"),
		metric.WithDescription("Steps that failed with conflict: another step on the session committed first."))
	in.retries, errs[5] = m.Int64Counter(MetricRetries, metric.WithUnit("{request}"),
		metric.WithDescription("Requests sent again after their step committed, answered from the recorded reply."))
	in.quota, errs[6] = m.Int64Counter(MetricQuotaRefusals, metric.WithUnit("{request}"),
		metric.WithDescription("Requests refused with quota, by type."))
	in.dropped, errs[8] = m.Int64Counter(MetricDropped, metric.WithUnit("{step}"),
		metric.WithDescription("Steps whose spans were dropped: the telemetry worker's queue was full."))
	_, errs[7] = m.Int64ObservableGauge(MetricSessions, metric.WithUnit("{session}"),
		metric.WithDescription("Warm interpreters this process keeps in memory."),
		metric.WithInt64Callback(func(_ context.Context, o metric.Int64Observer) error {
			if f := in.sessions.Load(); f != nil {
				o.Observe((*f)())
			}
			return nil
		}))
	for _, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("telemetry: instruments: %w", err)
		}
	}
	return in, nil
}

// ObserveSessions sets the function that counts the sessions this
// process keeps in memory (the engine's warm interpreters).
func (p *Provider) ObserveSessions(f func() int64) {
	if p == nil || f == nil {
		return
	}
	p.m.sessions.Store(&f)
}

func (p *Provider) sessionsInMemory() (int64, bool) {
	if f := p.m.sessions.Load(); f != nil {
		return (*f)(), true
	}
	return 0, false
}

// record adds a finished step to the metrics.
func (p *Provider) record(ctx context.Context, s *Step) {
	in := p.m
	if in.meter == nil {
		return
	}
	op := in.attrs("amber.op", s.op, "", "")
	in.steps.Add(ctx, 1, in.attrs("amber.op", s.op, "amber.outcome", s.outcome))
	in.duration.Record(ctx, float64(s.elapsed.Microseconds())/1000, in.attrs("amber.op", s.op, "amber.load", s.loadKind()))
	if s.committed {
		in.written.Add(ctx, s.bytesWritten, op)
		in.state.Record(ctx, s.stateBytes, op)
	}
	switch s.errKind {
	case "conflict":
		in.conflicts.Add(ctx, 1, op)
	case "quota":
		in.quota.Add(ctx, 1, in.attrs("amber.op", s.op, "amber.quota", s.errType))
	}
	if s.replayed {
		in.retries.Add(ctx, 1, op)
	}
}

// maxAttrSets bounds the cache of attribute sets; the values are
// operation names, outcomes, load kinds and quota types, a few dozen.
const maxAttrSets = 1024

// attrs returns the measurement option of one or two attributes, made
// once per distinct set: building a set sorts and allocates, and every
// step records several.
func (in *instruments) attrs(k1, v1, k2, v2 string) metric.MeasurementOption {
	key := [4]string{k1, v1, k2, v2}
	if o, ok := in.sets.Load(key); ok {
		return o.(metric.MeasurementOption)
	}
	kvs := []attribute.KeyValue{attribute.String(k1, v1)}
	if k2 != "" {
		kvs = append(kvs, attribute.String(k2, v2))
	}
	o := metric.WithAttributeSet(attribute.NewSet(kvs...))
	if in.nsets.Add(1) <= maxAttrSets {
		in.sets.Store(key, o)
	}
	return o
}
