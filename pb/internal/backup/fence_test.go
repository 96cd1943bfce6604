package backup

import (
	"context"
	"errors"
	"testing"
	"time"
)

// failingStore is a replica that cannot be reached.
type failingStore struct{}

func (failingStore) read(context.Context) ([]byte, string, error) {
	return nil, "", errors.New("unreachable")
}

func (failingStore) write(context.Context, []byte, string) (string, error) {
	return "", errors.New("unreachable")
}

// TestWritesDuringAStorageOutageAndAfterAFreeze: the write fence
// (mayAcknowledge) lets writes through while the renewals keep answering,
// even when every one fails (the storage is unreachable: no other server
// can take the lease over through it either), and refuses them once the
// renewals stopped answering for longer than ¾ of the TTL (the process was
// frozen; the next renewal decides) or the lease is lost.
func TestWritesDuringAStorageOutageAndAfterAFreeze(t *testing.T) {
	ttl := 400 * time.Millisecond
	g := &writerGuard{store: failingStore{}, where: "test", ttl: ttl, lease: writerLease{Seq: 1}}
	g.answered = time.Now()
	g.start(nil)
	defer func() { _ = g.release(context.Background()) }()
	time.Sleep(2 * ttl) // renewals fail all along
	if !g.mayAcknowledge(context.Background()) {
		t.Error("a storage outage stopped writes")
	}

	frozen := &writerGuard{ttl: ttl}
	frozen.answered = time.Now().Add(-ttl) // no renewal answered for a whole TTL, none running
	start := time.Now()
	if frozen.mayAcknowledge(context.Background()) {
		t.Error("a write was acknowledged after the renewals stopped")
	}
	if waited := time.Since(start); waited < ttl/2 {
		t.Errorf("it did not wait for a late renewal (%v)", waited)
	}

	lost := &writerGuard{ttl: ttl, lost: true, answered: time.Now()}
	if lost.mayAcknowledge(context.Background()) {
		t.Error("a write was acknowledged after the lease was lost")
	}
}
