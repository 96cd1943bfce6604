package config

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"
)

// Backup holds the LITESTREAM_* settings.
type Backup struct {
	// ReplicaURL is where the databases are replicated: s3://bucket/path
	// (any S3-compatible storage) or file:///path. Each database goes under
	// its own name below it (…/data.db, …/auxiliary.db).
	ReplicaURL string
	// AccessKeyID and SecretAccessKey sign S3 requests (empty: the AWS
	// SDK's own chain of credentials).
	AccessKeyID     string
	SecretAccessKey string
	// Endpoint is the address of S3-compatible storage (Tigris, R2, MinIO...);
	// Region its region. Both may also be query parameters of ReplicaURL.
	Endpoint string
	Region   string
	// SyncInterval is how often new WAL frames of data.db are shipped: a
	// write older than twice this (plus the upload) is in the replica.
	SyncInterval time.Duration
	// LogsSyncInterval is the same for auxiliary.db (PocketBase's request logs).
	LogsSyncInterval time.Duration
	// Retention is how far back a point-in-time restore can go.
	Retention time.Duration
	// CheckInterval (LITESTREAM_CHECK_INTERVAL) is how often the server
	// restores the replica's data.db beside itself and compares it with the
	// volume (docs/operations.md, "The restore check").
	CheckInterval time.Duration

	// NewSite (LITESTREAM_NEW_SITE) lets a server start with an empty
	// database when the volume has no data.db and the replica holds no
	// backup. Without it such a start is refused: the replica URL may name
	// the wrong place, and an empty site would start beside the real backup.
	NewSite bool
	// Takeover (LITESTREAM_TAKEOVER) lets a server whose data directory
	// holds a data.db take the replica over from another writer although
	// its data may be older than the backup (docs/operations.md, "Exactly
	// one writer"). It never takes a lease that its holder still renews.
	Takeover bool
	// LeaseTTL is how long the writer lease in the replica lasts without a
	// renewal; the holder renews it every quarter of that.
	LeaseTTL time.Duration
	// Machine names this machine in the writer lease: FLY_MACHINE_ID on
	// Fly.io, the host name elsewhere.
	Machine string
}

// BackupsOn tells whether a replica is configured.
func (c *Config) BackupsOn() bool { return c.Backup.ReplicaURL != "" }

// loadBackup reads the LITESTREAM_* settings into b.
func loadBackup(b *Backup) error {
	b.ReplicaURL = env("LITESTREAM_REPLICA_URL", "")
	b.AccessKeyID = env("LITESTREAM_ACCESS_KEY_ID", "")
	b.Endpoint = env("LITESTREAM_S3_ENDPOINT", "")
	b.Region = env("LITESTREAM_S3_REGION", "")
	var err error
	if b.SecretAccessKey, err = secret("LITESTREAM_SECRET_ACCESS_KEY"); err != nil {
		return err
	}
	if b.SyncInterval, err = duration("LITESTREAM_SYNC_INTERVAL", time.Second); err != nil {
		return err
	}
	if b.LogsSyncInterval, err = duration("LITESTREAM_LOGS_SYNC_INTERVAL", time.Minute); err != nil {
		return err
	}
	if b.Retention, err = duration("LITESTREAM_RETENTION", 24*time.Hour); err != nil {
		return err
	}
	if b.CheckInterval, err = duration("LITESTREAM_CHECK_INTERVAL", time.Hour); err != nil {
		return err
	}
	if b.LeaseTTL, err = duration("LITESTREAM_LEASE_TTL", 30*time.Second); err != nil {
		return err
	}
	if b.LeaseTTL < time.Second {
		return fmt.Errorf("config: LITESTREAM_LEASE_TTL must be at least 1s")
	}
	b.NewSite = boolEnv("LITESTREAM_NEW_SITE", false)
	b.Takeover = boolEnv("LITESTREAM_TAKEOVER", false)
	b.Machine = env("FLY_MACHINE_ID", "")
	if b.Machine == "" {
		b.Machine, _ = os.Hostname()
	}
	if b.ReplicaURL == "" {
		return nil
	}
	u, err := url.Parse(b.ReplicaURL)
	if err != nil {
		return fmt.Errorf("config: LITESTREAM_REPLICA_URL is not a URL")
	}
	switch u.Scheme {
	case "s3":
		if u.Host == "" {
			return fmt.Errorf("config: LITESTREAM_REPLICA_URL needs a bucket: s3://bucket/path")
		}
	case "file":
		if u.Host != "" || !strings.HasPrefix(u.Path, "/") {
			return fmt.Errorf("config: LITESTREAM_REPLICA_URL needs an absolute path: file:///path")
		}
	default:
		return fmt.Errorf("config: LITESTREAM_REPLICA_URL must start with s3:// or file://, got %q", u.Scheme)
	}
	if (b.AccessKeyID == "") != (b.SecretAccessKey == "") {
		return fmt.Errorf("config: LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY must be set together")
	}
	return nil
}
