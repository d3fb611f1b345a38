// Package functions is Amber's service side: the step engine
// (functions/engine), its metadata store (functions/meta), the wire
// protocol (functions/protocol), the shared event handlers
// (functions/handler) and one main package per AWS Lambda function
// (functions/ws, functions/http, functions/gc). Each step loads one
// session from the content-addressed store, runs one feed or resume
// slice, and commits only the changed pages, exactly once.
package functions
