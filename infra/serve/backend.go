package serve

import (
	"context"
	"fmt"

	"github.com/aws/aws-lambda-go/events"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/handler"
)

// inProcess is the gateway's backend when the handlers run in this
// process: the same handlers as the Lambda functions, posting to the
// gateway's @connections endpoint through the management API client.
type inProcess struct {
	ws   *handler.WebSocket
	http *handler.HTTP
}

func newInProcess(ctx context.Context, eng *engine.Engine, endpoint string, opts Options) (*inProcess, error) {
	poster, err := handler.NewManagementPoster(ctx, endpoint)
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	open := ""
	if opts.Keys == nil {
		open = OpenProject
	}
	return &inProcess{
		ws:   &handler.WebSocket{Engine: eng, Poster: poster, OpenProject: open, Log: opts.Logger},
		http: &handler.HTTP{Engine: eng, OpenProject: open, Log: opts.Logger},
	}, nil
}

func (b *inProcess) WebSocket(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
	return b.ws.Handle(ctx, ev)
}

func (b *inProcess) HTTP(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return b.http.Handle(ctx, ev)
}
