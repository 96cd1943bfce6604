package app

import (
	"github.com/pocketbase/dbx"
)

// DBConnect opens a PocketBase database with PocketBase's own pragmas (see
// core.DefaultDBConnect), memory-mapped reads of up to 4 GiB and a private
// page cache of 4 MB a connection.
//
// Why: listing pages read rows from all over the table. Through mmap those
// reads come straight from the OS page cache; without it each of the
// pool's connections copies pages into a private cache of its own and
// misses most of the time (the mix of list queries costs ~20% less CPU
// with mmap, and deep pages ~35% less: docs/search.md). The map covers the
// whole file: at a million listings of each kind data.db is 1.6 GB, and
// with a 512 MiB map and 32 MB caches the 32 connections held up to 1 GB
// of copied pages (the bench's peak anonymous memory 1.1-1.7 GB; with the
// whole file mapped and 4 MB caches, 712 MiB, and a third less CPU a
// request: docs/security.md, "Memory").
//
// Write transactions begin IMMEDIATE (_txlock; read-only ones stay
// deferred): a transaction that reads and then writes would otherwise fail
// with "database is locked (517)" when another connection committed in
// between; Litestream's checkpoints commit (docs/operations.md).
//
// No connection checkpoints at commit (wal_autocheckpoint 0): a served app
// checkpoints in the background instead (CheckpointEvery), so that no write
// holds the one writer while the WAL is copied.
func DBConnect(dbPath string) (*dbx.DB, error) {
	return dbx.Open("sqlite", dbPath+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)"+
		"&_pragma=wal_autocheckpoint(0)"+
		"&_pragma=journal_size_limit(200000000)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)"+
		"&_pragma=temp_store(MEMORY)&_pragma=cache_size(-4000)&_pragma=mmap_size(4294967296)&_defensive=1&_txlock=immediate")
}
