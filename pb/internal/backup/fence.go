package backup

import (
	"context"
	"io"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"
)

// fencedClient is a replica client that writes and deletes only while the
// writer lease is held (writerGuard.waitHeld: a late renewal is waited for).
// Litestream retries a refused upload later, with a growing pause, like any
// failed upload; reads (the replica's position, restores) pass through. A
// level-0 upload first makes its database durable on the volume
// (syncBeforeUpload, position.go).
type fencedClient struct {
	litestream.ReplicaClient
	guard  *writerGuard
	dbPath string
}

func (c fencedClient) WriteLTXFile(ctx context.Context, level int, minTXID, maxTXID ltx.TXID, r io.Reader) (*ltx.FileInfo, error) {
	if !c.guard.waitHeld(ctx) {
		return nil, errNotWriter
	}
	if level == 0 {
		if err := syncBeforeUpload(c.dbPath); err != nil {
			return nil, err
		}
	}
	return c.ReplicaClient.WriteLTXFile(ctx, level, minTXID, maxTXID, r)
}

func (c fencedClient) DeleteLTXFiles(ctx context.Context, a []*ltx.FileInfo) error {
	if !c.guard.waitHeld(ctx) {
		return errNotWriter
	}
	return c.ReplicaClient.DeleteLTXFiles(ctx, a)
}

func (c fencedClient) DeleteAll(ctx context.Context) error {
	if !c.guard.waitHeld(ctx) {
		return errNotWriter
	}
	return c.ReplicaClient.DeleteAll(ctx)
}
