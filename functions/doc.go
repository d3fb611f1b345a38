// Package functions will hold the step engine and one main package per AWS
// Lambda function: each loads one session from the content-addressed store,
// runs one feed or resume step, and commits only the changed pages, exactly
// once. What exists so far is the persistence half of a step: saving a VM's
// state into a cas.Repo page by page, uploading only the pages that changed
// since the last save, and loading it back (store.go).
package functions
