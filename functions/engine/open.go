package engine

import "context"

// LocalConfig opens the embedded default: a bbolt file and a chunk
// directory under Dir.
type LocalConfig struct {
	Dir string // e.g. ./.amber: meta.db and chunks/
}

// OpenLocal opens (creating if needed) an engine on the embedded store.
func OpenLocal(ctx context.Context, lc LocalConfig, cfg Config) (*Engine, error) {
	return New(cfg)
}

// AWSConfig opens the AWS stores: DynamoDB for metadata (and small
// chunks) and S3 for chunks. Endpoints are for local stand-ins (dynalite,
// gofakes3, MinIO); empty means AWS itself.
type AWSConfig struct {
	Region         string
	Table          string
	Bucket         string
	DynamoEndpoint string
	S3Endpoint     string
}

// OpenAWS opens an engine on DynamoDB + S3.
func OpenAWS(ctx context.Context, ac AWSConfig, cfg Config) (*Engine, error) {
	return New(cfg)
}
