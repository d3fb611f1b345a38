package serve

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
)

// prepareLocalStores creates the table and the bucket on local stand-ins
// of DynamoDB and S3 (an explicit endpoint: dynalite, gofakes3, MinIO),
// where no template made them. Both are idempotent. On AWS itself (no
// endpoint) the SAM template owns them and nothing is created.
func prepareLocalStores(ctx context.Context, opts Options, region string) error {
	if opts.DynamoDBEndpoint == "" && opts.S3Endpoint == "" {
		return nil
	}
	creds, err := localCredentials(ctx, region)
	if err != nil {
		return err
	}
	if opts.DynamoDBEndpoint != "" {
		client := cas.NewDynamoClient(cas.DynamoConfig{Region: region, Endpoint: opts.DynamoDBEndpoint, Credentials: creds})
		if err := meta.CreateDynamoTable(ctx, client, opts.Table); err != nil {
			return fmt.Errorf("serve: %w", err)
		}
	}
	if opts.S3Endpoint != "" {
		client := cas.NewS3Client(cas.S3Config{Region: region, Endpoint: opts.S3Endpoint, PathStyle: true, Credentials: creds})
		_, err := client.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(opts.Bucket)})
		var owned *s3types.BucketAlreadyOwnedByYou
		var exists *s3types.BucketAlreadyExists
		if err != nil && !errors.As(err, &owned) && !errors.As(err, &exists) {
			return fmt.Errorf("serve: create bucket %s: %w", opts.Bucket, err)
		}
	}
	return nil
}

// localCredentials are the environment's AWS credentials, or placeholder
// ones for stand-ins that do not check them (as engine.OpenAWS does).
func localCredentials(ctx context.Context, region string) (aws.CredentialsProvider, error) {
	if os.Getenv("AWS_ACCESS_KEY_ID") == "" {
		return credentials.NewStaticCredentialsProvider("local", "local", ""), nil
	}
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(region))
	if err != nil {
		return nil, fmt.Errorf("serve: aws config: %w", err)
	}
	return cfg.Credentials, nil
}
