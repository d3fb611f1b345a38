package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// DialHTTP returns a pool that sends each request as POST {url}/v1/{op}:
// the HTTP API of amber serve, of the AWS deployment, or of `sam local
// start-api`. It needs no connection, so it suits short-lived clients;
// printed output arrives with each reply rather than as it is printed,
// and ephemeral sessions live until they expire (there is no connection
// for them to die with). Lost replies are resent with the same id, as
// over WebSocket.
func DialHTTP(ctx context.Context, url string, opts ...Option) (*Pool, error) {
	p := newPool(nil, opts)
	p.t = &httpTransport{
		base:   strings.TrimSuffix(url, "/"),
		apiKey: p.cfg.apiKey,
		client: &http.Client{Timeout: p.cfg.replyTimeout},
	}
	return p, nil
}

type httpTransport struct {
	base   string
	apiKey string
	client *http.Client
}

func (t *httpTransport) roundTrip(ctx context.Context, req *protocol.Request, onEvent func(protocol.Event)) (*protocol.Reply, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("sdk: encode request: %w", err)
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, t.base+"/v1/"+req.Op, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("sdk: %w", err)
	}
	hr.Header.Set("Content-Type", "application/json")
	if t.apiKey != "" {
		hr.Header.Set("x-api-key", t.apiKey)
	}
	resp, err := t.client.Do(hr)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w: %w", ErrConnectionLost, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrConnectionLost, err)
	}
	var r protocol.Reply
	if err := json.Unmarshal(data, &r); err != nil || (r.ID == "" && r.Error == nil) {
		// Not a reply: the gateway's own error ("Internal Server Error",
		// a timeout) or a proxy's page. The step may or may not have
		// committed; the resend with the same id tells.
		if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
			return nil, &Error{Kind: protocol.KindUnauthorized, Message: "unauthorized: " + resp.Status}
		}
		return nil, fmt.Errorf("%w: HTTP %s", ErrConnectionLost, resp.Status)
	}
	return &r, nil
}

func (t *httpTransport) close() error {
	t.client.CloseIdleConnections()
	return nil
}
