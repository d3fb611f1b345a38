package gateway

import (
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"
)

// MaxHTTPBody is the HTTP API's payload limit (10 MB).
const MaxHTTPBody = 10 << 20

// serveHTTPAPI passes POST /v1/{op} to the backend as an HTTP API
// (payload format 2.0) event and writes its response.
func (g *Gateway) serveHTTPAPI(w http.ResponseWriter, r *http.Request, op string) {
	if !g.begin() {
		writeMessage(w, http.StatusServiceUnavailable, "Service Unavailable")
		return
	}
	defer g.calls.Done()
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxHTTPBody+1))
	if err != nil {
		writeMessage(w, http.StatusBadRequest, "Bad Request")
		return
	}
	if len(body) > MaxHTTPBody {
		writeMessage(w, http.StatusRequestEntityTooLarge, "Request Entity Too Large")
		return
	}
	ev := g.httpEvent(r, op, body)
	// Like a Lambda invocation, the call goes on if the client leaves.
	ctx, cancel := context.WithTimeout(g.base, g.opts.IntegrationTimeout)
	defer cancel()
	resp, err := g.opts.Backend.HTTP(ctx, ev)
	if err != nil {
		g.logf("gateway: %s: %v", ev.RouteKey, err)
		if ctx.Err() != nil {
			writeMessage(w, http.StatusServiceUnavailable, "Service Unavailable")
			return
		}
		writeMessage(w, http.StatusInternalServerError, "Internal Server Error")
		return
	}
	for _, c := range resp.Cookies {
		w.Header().Add("Set-Cookie", c)
	}
	if resp.Headers["Content-Type"] == "" && resp.Headers["content-type"] == "" && len(resp.MultiValueHeaders) == 0 {
		w.Header().Set("Content-Type", "application/json")
	}
	writeProxyResponse(w, resp.StatusCode, resp.Headers, resp.MultiValueHeaders, resp.Body, resp.IsBase64Encoded)
}

func (g *Gateway) httpEvent(r *http.Request, op string, body []byte) events.APIGatewayV2HTTPRequest {
	now := time.Now()
	headers := map[string]string{}
	for name, vals := range r.Header {
		headers[strings.ToLower(name)] = strings.Join(vals, ",")
	}
	headers["host"] = r.Host
	delete(headers, "cookie") // in Cookies, as HTTP APIs pass them
	var qs map[string]string
	if q := r.URL.Query(); len(q) > 0 {
		qs = map[string]string{}
		for name, vals := range q {
			qs[name] = strings.Join(vals, ",")
		}
	}
	domain := g.opts.DomainName
	if domain == "" {
		domain = r.Host
	}
	prefix, _, _ := strings.Cut(domain, ".")
	ev := events.APIGatewayV2HTTPRequest{
		Version:               "2.0",
		RouteKey:              "POST /v1/{op}",
		RawPath:               r.URL.Path,
		RawQueryString:        r.URL.RawQuery,
		Cookies:               cookies(r),
		Headers:               headers,
		QueryStringParameters: qs,
		PathParameters:        map[string]string{"op": op},
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RouteKey:     "POST /v1/{op}",
			AccountID:    "local",
			Stage:        "$default",
			RequestID:    newID(12),
			APIID:        "local",
			DomainName:   domain,
			DomainPrefix: prefix,
			Time:         now.UTC().Format(requestTimeLayout),
			TimeEpoch:    now.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method:    r.Method,
				Path:      r.URL.Path,
				Protocol:  r.Proto,
				SourceIP:  sourceIP(r),
				UserAgent: r.UserAgent(),
			},
		},
	}
	if utf8.Valid(body) {
		ev.Body = string(body)
	} else {
		ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString(body), true
	}
	return ev
}

func cookies(r *http.Request) []string {
	var out []string
	for _, c := range r.Cookies() {
		out = append(out, c.Name+"="+c.Value)
	}
	return out
}
