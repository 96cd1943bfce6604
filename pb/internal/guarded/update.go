// Package guarded writes a record only while it is still as an action read
// it, through PocketBase's record save: one write, whose record hooks and
// realtime fire once (docs/security.md, "Races").
package guarded

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"
)

// ErrStale: the record is gone, or no longer in the state the action read;
// nothing was written. Callers map it to their 409 (or 404).
var ErrStale = errors.New("guarded: the record changed meanwhile")

// errNoTransaction: outside a transaction the read and the save would be two
// statements with other writes between them.
var errNoTransaction = errors.New("guarded: Update runs only inside a transaction")

// Update reads the record id of collection in tx, asks expect whether it is
// still in the state the action read (false: ErrStale, nothing written),
// applies change to it and saves it once with tx.Save, so validation, the
// record hooks and realtime see exactly one update, with Original() the
// record as it was. It answers the record as saved.
//
// Why this is atomic: tx must be the app of app.RunInTransaction, which
// PocketBase runs on its non-concurrent pool (core/db_tx.go; the pool has
// one connection, SetMaxOpenConns(1) in core/base.go initDataDB), so no other
// write of this process runs between the read and the save. Our DBConnect
// (pb/app/dbconnect.go) begins write transactions IMMEDIATE, so another
// process's write (SQLite WAL, one writer) waits for the commit or makes the
// transaction fail: an update is never lost.
func Update(tx core.App, collection, id string, expect func(current *core.Record) bool, change func(r *core.Record)) (*core.Record, error) {
	if !tx.IsTransactional() {
		return nil, errNoTransaction
	}
	r, err := tx.FindRecordById(collection, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrStale
	}
	if err != nil {
		return nil, err
	}
	if !expect(r) {
		return nil, ErrStale
	}
	change(r)
	if err := tx.Save(r); err != nil {
		return nil, err
	}
	return r, nil
}

// Unchanged is an expect for Update: the record's fields (a version, a
// status) are still as in read, the copy the action decided on.
func Unchanged(read *core.Record, fields ...string) func(current *core.Record) bool {
	return func(current *core.Record) bool {
		for _, f := range fields {
			if current.GetString(f) != read.GetString(f) {
				return false
			}
		}
		return true
	}
}
