// Package serve is amber serve as a library: the step engine behind the
// local API Gateway stand-in (infra/gateway), on the embedded store by
// default or on AWS-protocol stores (DynamoDB, S3, or local stand-ins of
// them), with the handlers in-process or in a function running under the
// Lambda Runtime Interface Emulator.
//
// cmd/amber serve, the SDK's tests and the Workbench's tests start it
// with Start:
//
//	srv, err := serve.Start(ctx, serve.Options{Addr: "127.0.0.1:0", DataDir: dir})
//	...
//	conn, _, err := websocket.Dial(ctx, srv.URL(), nil)
//	...
//	srv.Shutdown(ctx)
package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/telemetry"
	"github.com/amber-sandbox/amber/infra/gateway"
)

// Defaults of Options.
const (
	DefaultAddr    = "127.0.0.1:8765"
	DefaultDataDir = ".amber"
	// OpenProject is the one project of a server without keys.
	OpenProject = "default"
)

// Options configure a server. Zero values take the defaults.
type Options struct {
	// Addr is the listening address (default 127.0.0.1:8765; tests use
	// 127.0.0.1:0 for a free port).
	Addr string
	// DataDir holds the embedded store (default ./.amber).
	DataDir string
	// Keys maps API keys to projects. Nil: one open project "default",
	// no key needed, and Addr must be a loopback address.
	Keys map[string]string

	// AWS-protocol stores, instead of the embedded one, when Table or
	// Bucket is set: DynamoDB table Table (at DynamoDBEndpoint) and S3
	// bucket Bucket (at S3Endpoint), in Region.
	DynamoDBEndpoint string
	S3Endpoint       string
	Table            string
	Bucket           string
	Region           string

	// LambdaURL, if set, sends every event to a function running under
	// the Runtime Interface Emulator at this URL instead of calling the
	// handlers in-process (one invocation at a time, as the emulator
	// runs them). The function then owns the stores and the projects; the
	// server opens an engine only on AWS-protocol stores (to create the
	// projects of Keys). Start the function with
	// AMBER_CONNECTIONS_ENDPOINT set to the server's HTTPURL, where it
	// posts replies (the event's domainName is plain http here).
	LambdaURL string

	// API Gateway's limits (defaults: 10 minutes idle, 2 hours per
	// connection, 29 s per backend call).
	IdleTimeout        time.Duration
	MaxConnection      time.Duration
	IntegrationTimeout time.Duration

	// Engine settings (zero: the engine's defaults).
	StepMargin time.Duration
	Retention  time.Duration
	Quota      int64 // default storage quota of a project, bytes
	CacheBytes int64

	// Ceilings cap every project's sessions and steps, ProjectCeilings
	// per project (engine.Config's fields of the same names; zero fields:
	// the defaults). MemoryBudget is the memory all steps in flight share
	// (0: from GOMEMLIMIT or the machine); MaxStepsInFlight caps the
	// steps running at once over all projects (0: 4 per CPU). In Lambda
	// mode the function reads its own (AMBER_MAX_* variables).
	Ceilings         engine.Ceilings
	ProjectCeilings  map[string]engine.Ceilings
	MemoryBudget     int64
	MaxStepsInFlight int

	// OTLP is an OTLP/HTTP endpoint (http://127.0.0.1:4318) for the
	// steps' spans and metrics (amber serve --otlp). Empty: the
	// OTEL_EXPORTER_OTLP_* variables, if set; else telemetry is off.
	// Telemetry, if set, is used instead (and not shut down by Shutdown).
	OTLP      string
	Telemetry *telemetry.Provider

	// Static is mounted at / for everything that is not the WebSocket
	// endpoint, @connections or /v1/ (the Workbench). Nil: 404.
	Static http.Handler
	// Logger receives the server's log lines (default slog.Default()).
	Logger *slog.Logger
}

// Server is a running amber serve.
type Server struct {
	opts   Options
	ln     net.Listener
	http   *http.Server
	gw     *gateway.Gateway
	eng    *engine.Engine // nil in Lambda mode on the embedded store
	tel    *telemetry.Provider
	ownTel bool // made by Start: Shutdown shuts it down
	served chan error

	shutdownOnce sync.Once
	shutdownErr  error
}

// Start opens the stores, creates the projects, and listens. It returns
// once the server accepts connections. ctx bounds the start only; the
// server runs until Shutdown.
func Start(ctx context.Context, opts Options) (*Server, error) {
	if opts.Addr == "" {
		opts.Addr = DefaultAddr
	}
	if opts.DataDir == "" {
		opts.DataDir = DefaultDataDir
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Keys == nil {
		if err := requireLoopback(opts.Addr); err != nil {
			return nil, err
		}
	}
	if opts.Keys != nil && len(opts.Keys) == 0 {
		return nil, errors.New("serve: keys: none given (nil Keys means one open project)")
	}
	for key, project := range opts.Keys {
		if key == "" || project == "" {
			return nil, errors.New("serve: keys: an empty API key or project name")
		}
	}

	s := &Server{opts: opts, served: make(chan error, 1), tel: opts.Telemetry}
	if s.tel == nil {
		tel, err := telemetry.New(ctx, telemetry.Config{Endpoint: opts.OTLP, FromEnv: true})
		if err != nil {
			return nil, fmt.Errorf("serve: %w", err)
		}
		s.tel, s.ownTel = tel, true
	}
	aws := opts.Table != "" || opts.Bucket != ""
	if opts.LambdaURL == "" || aws {
		eng, err := openEngine(ctx, opts, s.tel)
		if err != nil {
			s.closeTelemetry(ctx)
			return nil, err
		}
		s.eng = eng
		if err := s.ensureProjects(ctx); err != nil {
			_ = eng.Close()
			return nil, err
		}
	}

	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		s.closeEngine()
		return nil, fmt.Errorf("serve: %w", err)
	}
	s.ln = ln

	var backend gateway.Backend
	if opts.LambdaURL != "" {
		backend = gateway.NewLambda(opts.LambdaURL)
	} else {
		backend, err = newInProcess(ctx, s.eng, "http://"+ln.Addr().String(), opts)
		if err != nil {
			_ = ln.Close()
			s.closeEngine()
			return nil, err
		}
	}
	var origins []string
	if opts.Keys == nil {
		// No key guards the open project: only pages served from this
		// machine may reach it from a browser (WebSocket, HTTP API and
		// @connections alike).
		origins = []string{"127.0.0.1", "127.0.0.1:*", "localhost", "localhost:*", `\[::1\]`, `\[::1\]:*`}
	}
	logger := opts.Logger
	s.gw = gateway.New(gateway.Options{
		Backend:            backend,
		IdleTimeout:        opts.IdleTimeout,
		MaxConnection:      opts.MaxConnection,
		IntegrationTimeout: opts.IntegrationTimeout,
		OriginPatterns:     origins,
		LoopbackHost:       opts.Keys == nil,
		Static:             opts.Static,
		Logf:               func(format string, args ...any) { logger.Warn(fmt.Sprintf(format, args...)) },
	})
	s.http = &http.Server{Handler: s.gw, ReadHeaderTimeout: 10 * time.Second}
	go func() { s.served <- s.http.Serve(ln) }()
	return s, nil
}

func requireLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("serve: address %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("serve: without API keys (--keys) amber serve listens on loopback only, not %q", addr)
}

func openEngine(ctx context.Context, opts Options, tel *telemetry.Provider) (*engine.Engine, error) {
	cfg := engine.Config{
		Telemetry:    tel,
		StepMargin:   opts.StepMargin,
		Retention:    opts.Retention,
		DefaultQuota: opts.Quota,
		CacheBytes:   opts.CacheBytes,
	}
	cfg.Ceilings, cfg.ProjectCeilings = opts.Ceilings, opts.ProjectCeilings
	cfg.MemoryBudget, cfg.MaxStepsInFlight = opts.MemoryBudget, opts.MaxStepsInFlight
	cfg.Logger = opts.Logger
	var eng *engine.Engine
	var err error
	if opts.Table != "" || opts.Bucket != "" {
		if opts.Table == "" || opts.Bucket == "" {
			return nil, errors.New("serve: AWS-protocol stores need both a table and a bucket")
		}
		region := opts.Region
		if region == "" {
			region = "us-east-1"
		}
		if err := prepareLocalStores(ctx, opts, region); err != nil {
			return nil, err
		}
		eng, err = engine.OpenAWS(ctx, engine.AWSConfig{
			Region:         region,
			Table:          opts.Table,
			Bucket:         opts.Bucket,
			DynamoEndpoint: opts.DynamoDBEndpoint,
			S3Endpoint:     opts.S3Endpoint,
		}, cfg)
	} else {
		eng, err = engine.OpenLocal(ctx, engine.LocalConfig{Dir: opts.DataDir}, cfg)
	}
	if err != nil {
		return nil, fmt.Errorf("serve: open stores: %w", err)
	}
	return eng, nil
}

// ensureProjects creates the projects of Keys (or the open project) and
// registers their keys.
func (s *Server) ensureProjects(ctx context.Context) error {
	if s.opts.Keys == nil {
		if s.opts.LambdaURL != "" {
			return nil
		}
		if _, err := s.eng.EnsureProject(ctx, OpenProject); err != nil {
			return fmt.Errorf("serve: project %s: %w", OpenProject, err)
		}
		return nil
	}
	byProject := map[string][]string{}
	for key, project := range s.opts.Keys {
		byProject[project] = append(byProject[project], key)
	}
	projects := make([]string, 0, len(byProject))
	for p := range byProject {
		projects = append(projects, p)
	}
	sort.Strings(projects)
	for _, p := range projects {
		if _, err := s.eng.EnsureProject(ctx, p, byProject[p]...); err != nil {
			return fmt.Errorf("serve: project %s: %w", p, err)
		}
	}
	return nil
}

func (s *Server) closeEngine() {
	if s.eng != nil {
		_ = s.eng.Close()
	}
	s.closeTelemetry(context.Background())
}

func (s *Server) closeTelemetry(ctx context.Context) error {
	if !s.ownTel {
		return nil
	}
	return s.tel.Shutdown(ctx)
}

// Addr is the address the server listens on (host:port).
func (s *Server) Addr() string { return s.ln.Addr().String() }

// URL is the WebSocket endpoint, ws://host:port/.
func (s *Server) URL() string { return "ws://" + s.Addr() + "/" }

// HTTPURL is the base of the HTTP endpoints, http://host:port: the HTTP
// API at /v1/{op}, the management API at /@connections/{id}.
func (s *Server) HTTPURL() string { return "http://" + s.Addr() }

// Engine is the server's engine (nil in Lambda mode on the embedded
// store, where the function owns it).
func (s *Server) Engine() *engine.Engine { return s.eng }

// Gateway is the server's gateway.
func (s *Server) Gateway() *gateway.Gateway { return s.gw }

// Shutdown stops the server gracefully: it stops accepting connections
// and messages, lets the steps in flight finish and deliver their
// replies, closes the connections (1001) and the stores. If ctx ends
// first, the steps still running are cancelled; the engine commits a step
// in one conditional write, so a cancelled step is not committed and
// nothing is half-written.
func (s *Server) Shutdown(ctx context.Context) error {
	s.shutdownOnce.Do(func() { s.shutdownErr = s.shutdown(ctx) })
	return s.shutdownErr
}

func (s *Server) shutdown(ctx context.Context) error {
	errGW := s.gw.Close(ctx)
	errHTTP := s.http.Shutdown(ctx)
	if errHTTP != nil {
		_ = s.http.Close()
	}
	var errEng error
	if s.eng != nil {
		errEng = s.eng.Close()
	}
	// The steps are done: export their last spans and metrics.
	errEng = errors.Join(errEng, s.closeTelemetry(ctx))
	if err := <-s.served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	if err := errors.Join(errGW, errHTTP, errEng); err != nil {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	return nil
}
