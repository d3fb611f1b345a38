package functions

// The service track's dependencies, held in go.mod while the packages that
// use them are written side by side (go mod tidy would drop them). Removed
// once every one is imported by real code.
import (
	_ "github.com/aws/aws-lambda-go/events"
	_ "github.com/aws/aws-lambda-go/lambda"
	_ "github.com/aws/aws-sdk-go-v2/config"
	_ "github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	_ "github.com/chromedp/chromedp"
	_ "github.com/coder/websocket"
	_ "go.etcd.io/bbolt"
)
