package backup_test

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// TestRestoreDrillS3 is the drill through the S3 replica client against an
// in-process S3 stand-in (gofakes3): the s3:// URL, the endpoint, region and
// key settings, the upload, and the restore at start on an empty directory.
func TestRestoreDrillS3(t *testing.T) {
	t.Parallel()
	store, s3env := s3Replica(t)
	data := filepath.Join(t.TempDir(), "pb_data")
	existingSite(t, data)
	srv := serve(t, data, s3env...)
	priya := register(t, srv.URL, "priya")
	arjun := register(t, srv.URL, "arjun")
	var conv struct{ ID string }
	priya.do("POST", "/api/conversations", map[string]any{"userId": arjun.ID}, 201, &conv)
	priya.do("POST", "/api/conversations/"+conv.ID+"/messages", map[string]any{"body": "Hello over S3"}, 201, nil)
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	dataDB := filepath.Join(data, "data.db")
	want := dump(t, dataDB)

	objects, err := store.ListBucket("sb-backups", &gofakes3.Prefix{}, gofakes3.ListBucketPage{})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, o := range objects.Contents {
		keys = append(keys, o.Key)
	}
	joined := strings.Join(keys, " ")
	if !strings.Contains(joined, "prod/data.db/") || !strings.Contains(joined, "prod/auxiliary.db/") {
		t.Fatalf("objects in the bucket: %v", keys)
	}

	if err := os.RemoveAll(data); err != nil {
		t.Fatal(err)
	}
	srv = serve(t, data, s3env...) // restores at start
	if !strings.Contains(srv.out.String(), "data.db was missing; restored it from s3://sb-backups/prod") {
		t.Fatalf("no restore at start:\n%s", srv.out.String())
	}
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	got := dump(t, dataDB)
	// The restored server ran: its own start wrote what any start writes
	// (nothing in the tables compared here but the members' and messages').
	for _, table := range []string{"users", "conversations", "messages", "payments"} {
		if strings.Join(want[table], "\n") != strings.Join(got[table], "\n") {
			t.Errorf("table %s differs after the restore from S3", table)
		}
	}
}

// s3Replica starts an in-process S3 stand-in and returns its store and the
// settings that replicate to s3://sb-backups/prod there.
func s3Replica(t *testing.T) (*s3mem.Backend, []string) {
	store := s3mem.New()
	fake := httptest.NewServer(gofakes3.New(store, gofakes3.WithAutoBucket(true)).Server())
	t.Cleanup(fake.Close)
	return store, []string{
		"LITESTREAM_REPLICA_URL=s3://sb-backups/prod",
		"LITESTREAM_S3_ENDPOINT=" + fake.URL,
		"LITESTREAM_S3_REGION=auto",
		"LITESTREAM_ACCESS_KEY_ID=test-key",
		"LITESTREAM_SECRET_ACCESS_KEY=test-secret",
		"LITESTREAM_SYNC_INTERVAL=" + syncInterval.String(),
		"LITESTREAM_LEASE_TTL=" + leaseTTL.String(),
	}
}

// TestRefusesAnEmptyStartBesideAnUnreadableReplica: on an empty volume with
// backups configured and the storage unreachable, the server does not start
// a new, empty database (whose history would then be written over the old
// one's): it exits non-zero and says why (the writer lease, read first,
// cannot be read), and creates nothing.
func TestRefusesAnEmptyStartBesideAnUnreadableReplica(t *testing.T) {
	t.Parallel()
	closed := freeAddr(t) // nothing listens there
	data := filepath.Join(t.TempDir(), "pb_data")
	srv := run(t, env(
		"LITESTREAM_REPLICA_URL=s3://sb-backups/prod",
		"LITESTREAM_S3_ENDPOINT=http://"+closed,
		"LITESTREAM_S3_REGION=auto",
		"LITESTREAM_ACCESS_KEY_ID=test-key",
		"LITESTREAM_SECRET_ACCESS_KEY=test-secret",
	), "serve", "--http", freeAddr(t), "--dir", data)
	if code := srv.wait(60 * time.Second); code == 0 || !strings.Contains(srv.out.String(), "not starting without it") {
		t.Fatalf("exit %d, output:\n%s", code, srv.out.String())
	}
	if _, err := os.Stat(filepath.Join(data, "data.db")); !os.IsNotExist(err) {
		t.Fatalf("a data.db was created: %v", err)
	}
}
