package telemetry

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// TraceSink receives Amber's spans in batches: each request is one OTLP
// ExportTraceServiceRequest in its protobuf encoding, as an OTLP/HTTP
// receiver takes it. The OTLP/HTTP exporter is one; tests and embedders
// with their own pipeline may add others (Config.TraceSink).
type TraceSink interface {
	ExportTraces(ctx context.Context, request []byte) error
}

// Batching, as the SDK's batch span processor does it: a batch is sent
// when it holds maxBatchSpans spans or maxBatchBytes bytes, when it is
// older than the schedule delay, and on Flush.
const (
	defaultScheduleDelay = 5 * time.Second
	defaultMaxBatchSpans = 512
	maxBatchBytes        = 4 << 20
	// sendQueue is how many batches may wait for the sender; past it a
	// batch is dropped (and its spans counted in DroppedSpans) rather
	// than the worker kept waiting for a slow receiver.
	sendQueue = 4
)

// traceExporter batches the encoded spans the worker appends and hands
// full batches to a sender goroutine, which gives them to the sinks.
type traceExporter struct {
	sinks           []TraceSink
	resource, scope []byte // encoded once: the request's fixed parts
	delay           time.Duration
	maxSpans        int

	// The batch: owned by the worker goroutine.
	buf   []byte // encoded ScopeSpans.spans fields
	spans int

	sendq   chan sendJob
	sent    chan struct{} // closed when the sender has stopped
	dropped atomic.Int64  // spans lost to a full send queue
	failed  atomic.Int64  // batches a sink refused or could not take
	lastLog atomic.Int64  // unix ns of the last export error logged
}

// sendJob is a batch to send, or a flush marker (flushed closes once
// the batches before it are sent).
type sendJob struct {
	request []byte
	spans   int
	flushed chan struct{}
}

func newTraceExporter(sinks []TraceSink, resource, scope []byte) *traceExporter {
	x := &traceExporter{
		sinks: sinks, resource: resource, scope: scope,
		delay:    envMillis("OTEL_BSP_SCHEDULE_DELAY", defaultScheduleDelay),
		maxSpans: envInt("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", defaultMaxBatchSpans),
		sendq:    make(chan sendJob, sendQueue),
		sent:     make(chan struct{}),
	}
	go x.sender()
	return x
}

// added is called by the worker after it appended a step's spans.
func (x *traceExporter) added(n int) {
	x.spans += n
	if x.spans >= x.maxSpans || len(x.buf) >= maxBatchBytes {
		x.send(false)
	}
}

// send hands the batch to the sender: at once (dropping it if the
// sender's queue is full), or, with wait, waiting for room.
func (x *traceExporter) send(wait bool) {
	if x.spans == 0 {
		return
	}
	req := requestPrefix(make([]byte, 0, len(x.buf)+len(x.resource)+len(x.scope)+16), x.resource, x.scope, len(x.buf))
	job := sendJob{request: append(req, x.buf...), spans: x.spans}
	x.buf, x.spans = x.buf[:0], 0
	if wait {
		x.sendq <- job
		return
	}
	select {
	case x.sendq <- job:
	default:
		x.dropped.Add(int64(job.spans))
	}
}

// flush sends the batch and returns a channel closed once the sender
// has given it (and all before it) to the sinks.
func (x *traceExporter) flush() <-chan struct{} {
	x.send(true)
	done := make(chan struct{})
	x.sendq <- sendJob{flushed: done}
	return done
}

// stop sends the batch and stops the sender once it has sent it.
func (x *traceExporter) stop() {
	x.send(true)
	close(x.sendq)
	<-x.sent
}

func (x *traceExporter) sender() {
	defer close(x.sent)
	for job := range x.sendq {
		if job.request != nil {
			for _, s := range x.sinks {
				if err := s.ExportTraces(context.Background(), job.request); err != nil {
					x.failed.Add(1)
					x.logError(err, job.spans)
				}
			}
		}
		if job.flushed != nil {
			close(job.flushed)
		}
	}
}

// logError logs a failed export, at most once a minute: a receiver that
// is down must not flood the log that the steps' own lines go to.
func (x *traceExporter) logError(err error, spans int) {
	now := time.Now().UnixNano()
	last := x.lastLog.Load()
	if now-last < int64(time.Minute) || !x.lastLog.CompareAndSwap(last, now) {
		return
	}
	slog.Warn("telemetry: spans not exported", "spans", spans, "failed_batches", x.failed.Load(), "err", err)
}

// httpSink sends requests to an OTLP/HTTP traces endpoint.
type httpSink struct {
	url     string
	headers http.Header
	gzip    bool
	timeout time.Duration
	client  *http.Client
	// maxElapsed bounds the retries of one request.
	maxElapsed time.Duration
}

// traceEnv reads the OTLP exporter variable name for traces: the
// signal's own (OTEL_EXPORTER_OTLP_TRACES_X) over the general one.
func traceEnv(name string) string {
	if v := os.Getenv("OTEL_EXPORTER_OTLP_TRACES_" + name); v != "" {
		return v
	}
	return os.Getenv("OTEL_EXPORTER_OTLP_" + name)
}

// newHTTPSink configures the exporter as the OpenTelemetry
// specification's OTEL_EXPORTER_OTLP_* variables say (endpoint, headers,
// timeout, compression, certificates). A non-empty base (amber serve
// --otlp) is the endpoint's base URL, over the variables' endpoint.
func newHTTPSink(base string) (*httpSink, error) {
	target := ""
	switch {
	case base != "":
		target = strings.TrimSuffix(base, "/") + "/v1/traces"
	case os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != "":
		target = os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
	case os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "":
		target = strings.TrimSuffix(os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT"), "/") + "/v1/traces"
	default:
		target = "http://localhost:4318/v1/traces"
	}
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("telemetry: OTLP traces endpoint %q: want http(s)://host:port/path", target)
	}
	s := &httpSink{url: u.String(), headers: http.Header{}, timeout: 10 * time.Second, maxElapsed: 30 * time.Second}
	if v := traceEnv("TIMEOUT"); v != "" {
		ms, err := strconv.Atoi(v)
		if err != nil || ms <= 0 {
			return nil, fmt.Errorf("telemetry: OTEL_EXPORTER_OTLP_TIMEOUT=%q: want milliseconds", v)
		}
		s.timeout = time.Duration(ms) * time.Millisecond
	}
	switch c := traceEnv("COMPRESSION"); c {
	case "", "none":
	case "gzip":
		s.gzip = true
	default:
		return nil, fmt.Errorf("telemetry: OTEL_EXPORTER_OTLP_COMPRESSION=%q: want gzip or none", c)
	}
	for k, v := range parseHeaders(os.Getenv("OTEL_EXPORTER_OTLP_HEADERS")) {
		s.headers.Set(k, v)
	}
	for k, v := range parseHeaders(os.Getenv("OTEL_EXPORTER_OTLP_TRACES_HEADERS")) {
		s.headers.Set(k, v)
	}
	s.headers.Set("Content-Type", "application/x-protobuf")
	if s.gzip {
		s.headers.Set("Content-Encoding", "gzip")
	}
	tlsConfig, err := traceTLS()
	if err != nil {
		return nil, err
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.TLSClientConfig = tlsConfig
	transport.MaxIdleConnsPerHost = 2
	s.client = &http.Client{Transport: transport}
	return s, nil
}

// parseHeaders parses the W3C-baggage-like list "k1=v1,k2=v2" of
// OTEL_EXPORTER_OTLP_HEADERS, with percent-encoded values; malformed
// entries are skipped.
func parseHeaders(v string) map[string]string {
	out := map[string]string{}
	for _, item := range strings.Split(v, ",") {
		k, val, ok := strings.Cut(item, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			continue
		}
		dec, err := url.PathUnescape(strings.TrimSpace(val))
		if err != nil {
			continue
		}
		out[k] = dec
	}
	return out
}

// traceTLS is the TLS configuration the certificate variables ask for
// (nil: the system's roots, no client certificate).
func traceTLS() (*tls.Config, error) {
	ca, cert, key := traceEnv("CERTIFICATE"), traceEnv("CLIENT_CERTIFICATE"), traceEnv("CLIENT_KEY")
	if ca == "" && cert == "" && key == "" {
		return nil, nil
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if ca != "" {
		pem, err := os.ReadFile(ca)
		if err != nil {
			return nil, fmt.Errorf("telemetry: OTLP certificate: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("telemetry: OTLP certificate %s: no PEM certificate in it", ca)
		}
		cfg.RootCAs = pool
	}
	if cert != "" || key != "" {
		pair, err := tls.LoadX509KeyPair(cert, key)
		if err != nil {
			return nil, fmt.Errorf("telemetry: OTLP client certificate: %w", err)
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	return cfg, nil
}

// errRetryable marks a response the request may be sent again after.
var errRetryable = errors.New("retryable")

// ExportTraces posts request, retrying (with exponential backoff, or
// after the receiver's Retry-After) on the responses the OTLP/HTTP
// specification calls retryable: 429, 502, 503, 504 and connection
// failures.
func (s *httpSink) ExportTraces(ctx context.Context, request []byte) error {
	body := request
	if s.gzip {
		var zb bytes.Buffer
		zw := gzip.NewWriter(&zb)
		_, _ = zw.Write(request)
		if err := zw.Close(); err != nil {
			return fmt.Errorf("telemetry: gzip: %w", err)
		}
		body = zb.Bytes()
	}
	deadline := time.Now().Add(s.maxElapsed)
	backoff := 100 * time.Millisecond
	for {
		wait, err := s.post(ctx, body)
		if err == nil || !errors.Is(err, errRetryable) {
			return err
		}
		if wait <= 0 {
			wait = backoff
			backoff = min(2*backoff, 5*time.Second)
		}
		if time.Now().Add(wait).After(deadline) {
			return err
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		}
	}
}

// post sends body once; a retryable failure wraps errRetryable and may
// say how long to wait (Retry-After).
func (s *httpSink) post(ctx context.Context, body []byte) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		return 0, fmt.Errorf("telemetry: OTLP request: %w", err)
	}
	req.Header = s.headers.Clone()
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("telemetry: OTLP post: %w: %w", errRetryable, err)
	}
	defer resp.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return 0, nil
	case resp.StatusCode == http.StatusTooManyRequests, resp.StatusCode == http.StatusBadGateway,
		resp.StatusCode == http.StatusServiceUnavailable, resp.StatusCode == http.StatusGatewayTimeout:
		var wait time.Duration
		if sec, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && sec >= 0 {
			wait = time.Duration(sec) * time.Second
		}
		return wait, fmt.Errorf("telemetry: OTLP receiver: %s: %w", resp.Status, errRetryable)
	default:
		if len(msg) > 256 {
			msg = msg[:256]
		}
		return 0, fmt.Errorf("telemetry: OTLP receiver: %s: %q", resp.Status, msg)
	}
}

// envMillis reads a duration in milliseconds from the variable name
// (unset or malformed: def).
func envMillis(name string, def time.Duration) time.Duration {
	if ms, err := strconv.Atoi(os.Getenv(name)); err == nil && ms > 0 {
		return time.Duration(ms) * time.Millisecond
	}
	return def
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
