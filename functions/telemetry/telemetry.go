// Package telemetry is Amber's OpenTelemetry: a span per step with its
// load, run and commit as children, spans for the store calls that cost
// time, events for host calls, and metrics of the steps, exported over
// OTLP/HTTP and, on Lambda, written as CloudWatch Embedded Metric Format
// lines in the JSON logs.
//
// It is off unless configured: a nil *Provider records nothing, and the
// engine's hooks cost a nil check. New reads the standard
// OTEL_EXPORTER_OTLP_* variables (Config.FromEnv) or takes an endpoint
// (amber serve --otlp URL).
//
// Nothing a tenant controls goes into an attribute or an event but what
// is listed here: operation names, the project and session ids, counts,
// sizes, durations, outcomes and error kinds, and the names of the host
// functions the host declared. Argument values, printed text, code,
// error messages and request ids never do: they may hold secrets.
package telemetry

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/metric"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
)

// ScopeName names the instrumentation scope of Amber's spans and metrics.
const ScopeName = "github.com/amber-sandbox/amber/functions/engine"

// Config configures a Provider.
type Config struct {
	// Service is the service.name resource attribute (default
	// $OTEL_SERVICE_NAME, else "amber").
	Service string
	// Endpoint is an OTLP/HTTP base URL (http://127.0.0.1:4318): traces
	// go to Endpoint/v1/traces and metrics to Endpoint/v1/metrics.
	Endpoint string
	// FromEnv configures the exporters from the OTEL_EXPORTER_OTLP_*
	// variables when Endpoint is empty: traces are on when
	// OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
	// is set, metrics when OTEL_EXPORTER_OTLP_ENDPOINT or
	// OTEL_EXPORTER_OTLP_METRICS_ENDPOINT is (OTEL_SDK_DISABLED=true:
	// neither).
	FromEnv bool
	// MetricInterval is how often metrics are exported over OTLP
	// (default 10 s; Flush exports at once).
	MetricInterval time.Duration

	// TraceSink and MetricReader, when set, are used besides (or
	// instead of) the OTLP exporters: for tests, and for embedders with
	// their own pipeline.
	TraceSink    TraceSink
	MetricReader sdkmetric.Reader

	// StoreSpanMin is the shortest store call that gets a span (0:
	// DefaultStoreSpanMin; negative: every call).
	StoreSpanMin time.Duration

	// EMF, when set, receives one CloudWatch Embedded Metric Format line
	// per step (Lambda: the function's JSON log on stdout).
	EMF *slog.Logger
	// Namespace is the EMF metrics' CloudWatch namespace (default "Amber").
	Namespace string

	// Queue is how many ended steps the background worker that makes
	// their spans may hold (0: DefaultQueue); past it a step's spans are
	// dropped rather than the request kept waiting.
	Queue int
}

// Provider records Amber's telemetry. A nil *Provider records nothing.
type Provider struct {
	traces *traceExporter           // nil: no traces
	mp     *sdkmetric.MeterProvider // nil: no OTLP/SDK metrics
	m      *instruments
	emf    *emf
	// storeMin is the shortest store call that gets a span.
	storeMin time.Duration

	// The worker (worker.go): qmu guards started, closed and pending.
	qmu              sync.Mutex
	started, closed  bool
	pending          []*Step // ended steps the worker has not collected
	queueCap, wakeAt int
	wake             chan struct{}
	flushReq         chan chan struct{}
	stop, stopped    chan struct{}
	dropped          atomic.Int64
}

// Enabled reports whether the environment configures an OTLP exporter.
func Enabled() bool {
	t, m := envSignals()
	return t || m
}

func envSignals() (traces, metrics bool) {
	if strings.EqualFold(os.Getenv("OTEL_SDK_DISABLED"), "true") {
		return false, false
	}
	all := os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != ""
	return all || os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != "",
		all || os.Getenv("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT") != ""
}

// New returns a Provider, or nil (telemetry off) when cfg configures
// nothing to export to.
func New(ctx context.Context, cfg Config) (*Provider, error) {
	var metricOpts []otlpmetrichttp.Option
	wantTraces, wantMetrics := false, false
	switch {
	case cfg.Endpoint != "":
		u, err := url.Parse(cfg.Endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("telemetry: OTLP endpoint %q: want http://host:port or https://host:port", cfg.Endpoint)
		}
		base := strings.TrimSuffix(u.String(), "/")
		metricOpts = append(metricOpts, otlpmetrichttp.WithEndpointURL(base+"/v1/metrics"))
		wantTraces, wantMetrics = true, true
	case cfg.FromEnv:
		// The exporters read the variables themselves.
		wantTraces, wantMetrics = envSignals()
	}
	if !wantTraces && !wantMetrics && cfg.TraceSink == nil && cfg.MetricReader == nil && cfg.EMF == nil {
		return nil, nil
	}
	service := cfg.Service
	if service == "" {
		service = os.Getenv("OTEL_SERVICE_NAME")
	}
	if service == "" {
		service = "amber"
	}
	res, err := resource.New(ctx, resource.WithFromEnv(), resource.WithAttributes(attribute.String("service.name", service)))
	if err != nil {
		return nil, fmt.Errorf("telemetry: resource: %w", err)
	}

	p := &Provider{storeMin: cfg.StoreSpanMin}
	if p.storeMin == 0 {
		p.storeMin = DefaultStoreSpanMin
	}
	var sinks []TraceSink
	if wantTraces {
		sink, err := newHTTPSink(cfg.Endpoint)
		if err != nil {
			return nil, err
		}
		sinks = append(sinks, sink)
	}
	if cfg.TraceSink != nil {
		sinks = append(sinks, cfg.TraceSink)
	}
	if len(sinks) > 0 {
		p.traces = newTraceExporter(sinks, encodeResource(res.Attributes()), encodeScope(ScopeName, ""))
	}

	var mpOpts []sdkmetric.Option
	if wantMetrics {
		exp, err := otlpmetrichttp.New(ctx, metricOpts...)
		if err != nil {
			p.stopTraces()
			return nil, fmt.Errorf("telemetry: metric exporter: %w", err)
		}
		interval := cfg.MetricInterval
		if interval <= 0 {
			interval = 10 * time.Second
		}
		mpOpts = append(mpOpts, sdkmetric.WithReader(sdkmetric.NewPeriodicReader(exp, sdkmetric.WithInterval(interval))))
	}
	if cfg.MetricReader != nil {
		mpOpts = append(mpOpts, sdkmetric.WithReader(cfg.MetricReader))
	}
	var meter metric.Meter
	if len(mpOpts) > 0 {
		mpOpts = append(mpOpts, sdkmetric.WithResource(res))
		p.mp = sdkmetric.NewMeterProvider(mpOpts...)
		meter = p.mp.Meter(ScopeName)
	}
	if p.m, err = newInstruments(meter); err != nil {
		p.stopTraces()
		if p.mp != nil {
			_ = p.mp.Shutdown(ctx)
		}
		return nil, err
	}
	if cfg.EMF != nil {
		ns := cfg.Namespace
		if ns == "" {
			ns = "Amber"
		}
		p.emf = &emf{log: cfg.EMF, namespace: ns, service: service}
	}
	p.startWorker(cfg.Queue)
	return p, nil
}

// Tracing reports whether p records spans.
func (p *Provider) Tracing() bool { return p != nil && p.traces != nil }

// Flush exports what is buffered: it waits for the worker to make the
// spans, metrics and EMF lines of the steps that have ended, then
// exports the spans and metrics. Lambda calls it at the end of each
// invocation, before the environment may freeze.
func (p *Provider) Flush(ctx context.Context) error {
	if p == nil {
		return nil
	}
	errs := []error{p.drain(ctx)}
	if p.mp != nil {
		errs = append(errs, p.mp.ForceFlush(ctx))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("telemetry: flush: %w", err)
	}
	return nil
}

// stopTraces stops the trace exporter of a Provider whose worker has
// not started.
func (p *Provider) stopTraces() {
	if p.traces != nil {
		p.traces.stop()
	}
}

// Shutdown exports the steps that have ended, then flushes and stops
// the exporters. Steps that end after it record nothing but metrics.
func (p *Provider) Shutdown(ctx context.Context) error {
	if p == nil {
		return nil
	}
	errs := []error{p.stopWorker(ctx)}
	if p.mp != nil {
		errs = append(errs, p.mp.Shutdown(ctx))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("telemetry: shutdown: %w", err)
	}
	return nil
}
