// Package functions will hold the step engine and one main package per AWS
// Lambda function: each loads one session from the content-addressed store,
// runs one feed or resume step, and commits only the changed pages, exactly
// once. It is not written yet; see ARCHITECTURE.md.
package functions
