package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/aws/aws-lambda-go/events"
)

// Lambda is a Backend that invokes a function running under the Lambda
// Runtime Interface Emulator (aws-lambda-rie), as API Gateway invokes a
// Lambda integration: the event JSON is POSTed to
// {URL}/2015-03-31/functions/function/invocations and the function's
// response is the integration's response.
//
// The emulator runs one invocation at a time; Lambda serializes its calls
// so that concurrent messages queue instead of failing. The function's
// own deadline is the emulator's (AWS_LAMBDA_FUNCTION_TIMEOUT); run it
// with a timeout no longer than the gateway's integration timeout.
type Lambda struct {
	URL    string       // e.g. http://127.0.0.1:9000
	Client *http.Client // default http.DefaultClient; ctx bounds each call

	sem chan struct{}
}

// NewLambda returns a Lambda backend for the emulator at url.
func NewLambda(url string) *Lambda {
	return &Lambda{URL: strings.TrimRight(url, "/"), sem: make(chan struct{}, 1)}
}

// WebSocket invokes the function with a WebSocket event.
func (l *Lambda) WebSocket(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
	var resp events.APIGatewayProxyResponse
	err := l.Invoke(ctx, ev, &resp)
	return resp, err
}

// HTTP invokes the function with an HTTP API event.
func (l *Lambda) HTTP(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	var resp events.APIGatewayV2HTTPResponse
	err := l.Invoke(ctx, ev, &resp)
	return resp, err
}

// FunctionError is an error the function returned (or crashed with), as
// the emulator reports it.
type FunctionError struct {
	Type    string `json:"errorType"`
	Message string `json:"errorMessage"`
}

func (e *FunctionError) Error() string {
	return fmt.Sprintf("lambda: function error %s: %s", e.Type, e.Message)
}

// Invoke sends the event ev to the function and decodes its response into
// out. A function error comes back as a *FunctionError.
func (l *Lambda) Invoke(ctx context.Context, ev, out any) error {
	if l.sem == nil {
		return fmt.Errorf("lambda: backend not made by NewLambda")
	}
	select {
	case l.sem <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("lambda: waiting for the function: %w", ctx.Err())
	}
	defer func() { <-l.sem }()

	body, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("lambda: encode event: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.URL+"/2015-03-31/functions/function/invocations", bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("lambda: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	client := l.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("lambda: invoke: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("lambda: read response: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("lambda: invoke: status %d: %s", resp.StatusCode, bytes.TrimSpace(data))
	}
	var fe struct {
		FunctionError
		StatusCode *int `json:"statusCode"`
	}
	if json.Unmarshal(data, &fe) == nil && fe.StatusCode == nil && (fe.Type != "" || fe.Message != "") {
		return &fe.FunctionError
	}
	if resp.Header.Get("X-Amz-Function-Error") != "" {
		return &FunctionError{Type: resp.Header.Get("X-Amz-Function-Error"), Message: string(data)}
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("lambda: decode response %q: %w", truncate(data, 200), err)
	}
	return nil
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}
