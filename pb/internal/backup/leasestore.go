package backup

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"syscall"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/feature/s3/manager"
	awss3 "github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	"github.com/benbjohnson/litestream/file"
	"github.com/benbjohnson/litestream/s3"

	"sponsorbridge/pb/internal/config"
)

// errLeaseChanged: the lease object is no longer the version it was read
// at (another server wrote it in between).
var errLeaseChanged = errors.New("the writer lease changed meanwhile")

// leaseStore holds one small object in the replica, beside the databases,
// and writes it only if it is still the version read before
// (compare-and-swap), so two servers starting at once cannot both win.
// Litestream's replica clients write only LTX files, hence this store.
type leaseStore interface {
	// read returns the object (nil when there is none) and its version.
	read(ctx context.Context) (raw []byte, version string, err error)
	// write replaces the object if it is still at version ("": if there is
	// none) and returns the new version, or errLeaseChanged.
	write(ctx context.Context, raw []byte, version string) (string, error)
}

// newLeaseStore opens the lease object <replica URL>/sponsorbridge-writer.json
// with the same settings as the databases' replica clients.
func newLeaseStore(ctx context.Context, b config.Backup) (leaseStore, error) {
	client, err := newClient(b, leaseName)
	if err != nil {
		return nil, err
	}
	switch c := client.(type) {
	case *file.ReplicaClient:
		return fileLeaseStore{path: c.Path()}, nil
	case *s3.ReplicaClient:
		api, err := newS3API(ctx, c)
		if err != nil {
			return nil, err
		}
		return s3LeaseStore{api: api, bucket: c.Bucket, key: c.Path}, nil
	}
	return nil, fmt.Errorf("backup: the writer lease needs an s3:// or file:// replica, not %s", client.Type())
}

// fileLeaseStore: a file, its version a hash of its content, swapped under
// an exclusive lock (flock) on a lock file beside it.
type fileLeaseStore struct{ path string }

func (s fileLeaseStore) read(context.Context) ([]byte, string, error) {
	raw, err := os.ReadFile(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", nil
	} else if err != nil {
		return nil, "", err
	}
	return raw, contentVersion(raw), nil
}

func (s fileLeaseStore) write(ctx context.Context, raw []byte, version string) (string, error) {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return "", err
	}
	lock, err := os.OpenFile(s.path+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return "", err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return "", err
	}
	defer func() { _ = syscall.Flock(int(lock.Fd()), syscall.LOCK_UN) }()
	current, currentVersion, err := s.read(ctx)
	if err != nil {
		return "", err
	}
	if (version == "" && current != nil) || (version != "" && currentVersion != version) {
		return "", errLeaseChanged
	}
	tmp := s.path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return "", err
	}
	_, err = f.Write(raw)
	if err == nil {
		err = f.Sync()
	}
	if e := f.Close(); err == nil {
		err = e
	}
	if err == nil {
		err = os.Rename(tmp, s.path)
	}
	if err != nil {
		return "", err
	}
	return contentVersion(raw), nil
}

func contentVersion(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// s3LeaseStore: an object, its version its ETag, swapped with S3's
// conditional writes (If-None-Match: * to create, If-Match: <ETag> to
// replace), which AWS S3 honours (and the S3 stand-in of the tests).
type s3LeaseStore struct {
	api    *awss3.Client
	bucket string
	key    string
}

func (s s3LeaseStore) read(ctx context.Context) ([]byte, string, error) {
	out, err := s.api.GetObject(ctx, &awss3.GetObjectInput{Bucket: &s.bucket, Key: &s.key})
	if err != nil {
		var noKey *types.NoSuchKey
		if errors.As(err, &noKey) || apiErrorCode(err) == "NotFound" {
			return nil, "", nil
		}
		return nil, "", fmt.Errorf("reading s3://%s/%s: %w", s.bucket, s.key, err)
	}
	defer out.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(out.Body, 64<<10))
	if err != nil {
		return nil, "", err
	}
	return raw, aws.ToString(out.ETag), nil
}

func (s s3LeaseStore) write(ctx context.Context, raw []byte, version string) (string, error) {
	in := &awss3.PutObjectInput{
		Bucket: &s.bucket, Key: &s.key, Body: bytes.NewReader(raw),
		ContentType: aws.String("application/json"),
	}
	if version == "" {
		in.IfNoneMatch = aws.String("*")
	} else {
		in.IfMatch = aws.String(version)
	}
	out, err := s.api.PutObject(ctx, in)
	if err != nil {
		// 412: not the version; 409: another conditional write at the same time.
		if code := apiErrorCode(err); code == "PreconditionFailed" || code == "ConditionalRequestConflict" {
			return "", errLeaseChanged
		}
		return "", fmt.Errorf("writing s3://%s/%s: %w", s.bucket, s.key, err)
	}
	return aws.ToString(out.ETag), nil
}

func apiErrorCode(err error) string {
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		return apiErr.ErrorCode()
	}
	return ""
}

// newS3API builds an S3 client from the settings Litestream's client was
// given (its own client is not exported): keys, endpoint with path-style
// addressing, region (asked of the bucket on AWS when not set).
func newS3API(ctx context.Context, c *s3.ReplicaClient) (*awss3.Client, error) {
	var opts []func(*awsconfig.LoadOptions) error
	if c.AccessKeyID != "" && c.SecretAccessKey != "" {
		opts = append(opts, awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider(c.AccessKeyID, c.SecretAccessKey, "")))
	}
	if c.SkipVerify {
		opts = append(opts, awsconfig.WithHTTPClient(&http.Client{Transport: &http.Transport{
			Proxy: http.ProxyFromEnvironment, TLSClientConfig: &tls.Config{InsecureSkipVerify: true}, // #nosec G402 -- the operator's skipVerify
		}}))
	}
	region := c.Region
	if region == "" && c.Endpoint != "" {
		region = s3.DefaultRegion
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("backup: S3 settings for the writer lease: %w", err)
	}
	build := func(region string) *awss3.Client {
		return awss3.NewFromConfig(cfg, func(o *awss3.Options) {
			o.Region = region
			o.UsePathStyle = c.ForcePathStyle
			if c.Endpoint != "" {
				o.BaseEndpoint = aws.String(c.Endpoint)
				// S3-compatible stores refuse the SDK's newer checksum headers (as Litestream notes).
				o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
				o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
			}
		})
	}
	if region != "" {
		return build(region), nil
	}
	region, err = manager.GetBucketRegion(ctx, build("us-east-1"), c.Bucket)
	if err != nil {
		return nil, fmt.Errorf("backup: finding the region of bucket %s: %w", c.Bucket, err)
	}
	return build(region), nil
}
