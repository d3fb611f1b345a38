package telemetry

import (
	"context"
	"log/slog"
)

// emf writes one CloudWatch Embedded Metric Format line per step into the
// JSON log: CloudWatch turns the line into metrics as it ingests the log,
// so on Lambda the metrics cost no call of their own.
//
// A line is the log record's fields plus "_aws" (Timestamp in ms and the
// CloudWatchMetrics directives) and the metric values and dimensions as
// top-level keys:
//
//	{"time":...,"level":"INFO","msg":"amber.step",
//	 "_aws":{"Timestamp":1733275200000,"CloudWatchMetrics":[
//	   {"Namespace":"Amber","Dimensions":[["Operation","Outcome"]],"Metrics":[{"Name":"Steps","Unit":"Count"},...]},
//	   {"Namespace":"Amber","Dimensions":[["Operation","Load"]],"Metrics":[{"Name":"StepLatency","Unit":"Milliseconds"}]},
//	   {"Namespace":"Amber","Dimensions":[["Service"]],"Metrics":[{"Name":"SessionsInMemory","Unit":"Count"}]}]},
//	 "Service":"amber","Operation":"feed","Outcome":"complete","Load":"warm",
//	 "Steps":1,"StepLatency":1.9,"BytesWritten":412,"StateBytes":9000,
//	 "Conflicts":0,"QuotaRefusals":0,"Retries":0,"SessionsInMemory":3}
type emf struct {
	log       *slog.Logger
	namespace string
	service   string
}

// EMF field names (the CloudWatch metric and dimension names).
const (
	EMFMessage = "amber.step"
)

type emfMetric struct {
	Name string `json:"Name"`
	Unit string `json:"Unit"`
}

type emfDirective struct {
	Namespace  string      `json:"Namespace"`
	Dimensions [][]string  `json:"Dimensions"`
	Metrics    []emfMetric `json:"Metrics"`
}

type emfMeta struct {
	Timestamp         int64          `json:"Timestamp"`
	CloudWatchMetrics []emfDirective `json:"CloudWatchMetrics"`
}

func (e *emf) write(ctx context.Context, s *Step, p *Provider) {
	if e == nil {
		return
	}
	b2i := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}
	directives := []emfDirective{
		{Namespace: e.namespace, Dimensions: [][]string{{"Operation", "Outcome"}}, Metrics: []emfMetric{
			{"Steps", "Count"}, {"BytesWritten", "Bytes"}, {"StateBytes", "Bytes"},
			{"Conflicts", "Count"}, {"QuotaRefusals", "Count"}, {"Retries", "Count"},
		}},
		{Namespace: e.namespace, Dimensions: [][]string{{"Operation", "Load"}}, Metrics: []emfMetric{
			{"StepLatency", "Milliseconds"},
		}},
	}
	sessions, haveSessions := p.sessionsInMemory()
	if haveSessions {
		directives = append(directives, emfDirective{Namespace: e.namespace, Dimensions: [][]string{{"Service"}},
			Metrics: []emfMetric{{"SessionsInMemory", "Count"}}})
	}
	attrs := []slog.Attr{
		slog.Any("_aws", emfMeta{Timestamp: s.end.UnixMilli(), CloudWatchMetrics: directives}),
		slog.String("Service", e.service),
		slog.String("Operation", s.op),
		slog.String("Outcome", s.outcome),
		slog.String("Load", s.loadKind()),
		slog.Int("Steps", 1),
		slog.Float64("StepLatency", float64(s.elapsed.Microseconds())/1000),
		slog.Int64("BytesWritten", s.bytesWritten),
		slog.Int64("StateBytes", s.stateBytes),
		slog.Int("Conflicts", b2i(s.errKind == "conflict")),
		slog.Int("QuotaRefusals", b2i(s.errKind == "quota")),
		slog.Int("Retries", b2i(s.replayed)),
	}
	if haveSessions {
		attrs = append(attrs, slog.Int64("SessionsInMemory", sessions))
	}
	e.log.LogAttrs(ctx, slog.LevelInfo, EMFMessage, attrs...)
}
