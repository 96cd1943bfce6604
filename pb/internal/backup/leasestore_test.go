package backup

import (
	"context"
	"errors"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"sponsorbridge/pb/internal/config"
)

// TestLeaseStoreSwaps: both lease stores write only over the version read
// (compare-and-swap): creating over an existing lease, or replacing with a
// stale version, is refused, and of eight servers replacing the same
// version at once exactly one wins. The S3 store goes through the SDK's
// conditional writes to the in-process stand-in, under the replica's path.
func TestLeaseStoreSwaps(t *testing.T) {
	t.Parallel()
	mem := s3mem.New()
	fake := httptest.NewServer(gofakes3.New(mem, gofakes3.WithAutoBucket(true)).Server())
	defer fake.Close()
	for name, b := range map[string]config.Backup{
		"file": {ReplicaURL: "file://" + filepath.ToSlash(filepath.Join(t.TempDir(), "replica"))},
		"s3":   {ReplicaURL: "s3://sb-backups/prod", Endpoint: fake.URL, Region: "auto", AccessKeyID: "k", SecretAccessKey: "s"},
	} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			store, err := newLeaseStore(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			if raw, _, err := store.read(ctx); raw != nil || err != nil {
				t.Fatalf("an empty replica: %q %v", raw, err)
			}
			v1, err := store.write(ctx, []byte(`{"seq":1}`), "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := store.write(ctx, []byte(`{"seq":1}`), ""); !errors.Is(err, errLeaseChanged) {
				t.Fatalf("a second create: %v, want errLeaseChanged", err)
			}
			v2, err := store.write(ctx, []byte(`{"seq":2}`), v1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := store.write(ctx, []byte(`{"seq":3}`), v1); !errors.Is(err, errLeaseChanged) {
				t.Fatalf("a write over a stale version: %v, want errLeaseChanged", err)
			}
			var wins int
			var mu sync.Mutex
			var wg sync.WaitGroup
			for range 8 {
				wg.Go(func() {
					_, err := store.write(ctx, []byte(`{"seq":3}`), v2)
					mu.Lock()
					defer mu.Unlock()
					if err == nil {
						wins++
					} else if !errors.Is(err, errLeaseChanged) {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if wins != 1 {
				t.Errorf("%d of 8 writes over the same version won, want 1", wins)
			}
			if raw, _, err := store.read(ctx); string(raw) != `{"seq":3}` || err != nil {
				t.Errorf("read back %q %v", raw, err)
			}
		})
	}
	if _, err := mem.HeadObject("sb-backups", "prod/"+leaseName); err != nil {
		t.Errorf("no lease at s3://sb-backups/prod/%s: %v", leaseName, err)
	}
}
