// Package infra holds what runs Amber's edges off AWS, each in its own
// package:
//
//   - gateway: a local stand-in for API Gateway's WebSocket API (and the
//     HTTP API's POST /v1/{op}), with its limits and its @connections
//     management endpoint, in front of in-process handlers or a function
//     under the Lambda Runtime Interface Emulator;
//   - serve: amber serve as a library (serve.Start), the gateway over the
//     step engine on the embedded or AWS-protocol stores;
//   - rie: the emulator harness that runs the real Lambda bootstrap;
//   - events: API Gateway-shaped sample events for sam local invoke;
//   - workbench: the Workbench web page amber serve mounts at /.
package infra
