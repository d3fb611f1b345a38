package handler

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// ErrGone means the connection is gone: the client disconnected (API
// Gateway's GoneException, HTTP 410). Errors of a Poster match it with
// errors.Is.
var ErrGone = errors.New("handler: connection gone")

// Poster sends one message to a WebSocket connection, as API Gateway's
// management API (@connections) does.
type Poster interface {
	PostToConnection(ctx context.Context, connectionID string, data []byte) error
}

// NewManagementPoster returns a Poster that calls the API Gateway
// management API at endpoint: https://{domainName}/{stage} on AWS,
// amber serve's http://127.0.0.1:PORT locally (POST {endpoint}/@connections/{id}).
//
// Credentials and region come from the environment (the Lambda's role). A
// loopback endpoint needs none: it gets placeholder credentials, so amber
// serve works on a machine without an AWS account.
func NewManagementPoster(ctx context.Context, endpoint string) (Poster, error) {
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("handler: connections endpoint %q is not an http(s) URL", endpoint)
	}
	var opts []func(*config.LoadOptions) error
	if isLoopback(u.Hostname()) {
		opts = append(opts,
			config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")),
			config.WithRegion("us-east-1"))
	}
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("handler: aws config: %w", err)
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	client := apigatewaymanagementapi.NewFromConfig(cfg, func(o *apigatewaymanagementapi.Options) {
		o.BaseEndpoint = aws.String(endpoint)
	})
	return &managementPoster{client: client}, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

type managementPoster struct {
	client *apigatewaymanagementapi.Client
}

func (p *managementPoster) PostToConnection(ctx context.Context, id string, data []byte) error {
	_, err := p.client.PostToConnection(ctx, &apigatewaymanagementapi.PostToConnectionInput{
		ConnectionId: aws.String(id),
		Data:         data,
	})
	if err == nil {
		return nil
	}
	var gone *types.GoneException
	var resp *smithyhttp.ResponseError
	if errors.As(err, &gone) || (errors.As(err, &resp) && resp.HTTPStatusCode() == http.StatusGone) {
		return fmt.Errorf("%w: %s", ErrGone, id)
	}
	return fmt.Errorf("handler: post to connection %s: %w", id, err)
}
