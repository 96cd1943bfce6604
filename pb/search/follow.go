package search

// Following the change log: every query first applies what the triggers
// recorded since the last one (catchUp), reading the changed rows back from
// their tables. The log is trimmed to its last entries as it is applied; an
// engine that fell behind the trim notices the gap and reloads.

import (
	"database/sql"
	"errors"
	"fmt"
)

// catchUp applies the change log up to now. It runs before every query; when
// nothing changed it costs one indexed read.
func (e *Engine) catchUp() error {
	db, err := e.stmts.db()
	if err != nil {
		return err
	}
	var last int64
	if err := e.stmts.queryRow("SELECT COALESCE(MAX(seq), 0) FROM " + changesTable).Scan(&last); err != nil {
		return fmt.Errorf("search: read change log: %w", err)
	}
	if last <= e.applied.Load() {
		return nil
	}
	e.applyMu.Lock()
	defer e.applyMu.Unlock()
	for {
		from := e.applied.Load()
		if last <= from {
			return nil
		}
		cs, err := readChanges(db, from, 4096)
		if err != nil {
			return err
		}
		if len(cs) == 0 {
			return nil
		}
		if cs[0].seq != from+1 {
			// Entries we never applied were pruned (a long stop of a
			// replica, say): start over from the tables.
			return e.reloadLocked()
		}
		if err := e.apply(db, cs); err != nil {
			return err
		}
		e.applied.Store(cs[len(cs)-1].seq)
		e.maybePrune()
	}
}

// pruneEvery and pruneKeep: the log is trimmed once it holds pruneEvery
// applied entries, keeping the last pruneKeep (a replica that falls further
// behind reloads: see catchUp).
const (
	pruneEvery = 5000
	pruneKeep  = 1000
)

func (e *Engine) maybePrune() {
	applied := e.applied.Load()
	if applied-e.prunedAt.Load() < pruneEvery || !e.pruning.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer e.pruning.Store(false)
		upto := applied - pruneKeep
		_, err := e.app.NonconcurrentDB().NewQuery("DELETE FROM " + changesTable + " WHERE seq <= {:upto}").
			Bind(map[string]any{"upto": upto}).Execute()
		if err != nil {
			e.app.Logger().Warn("search: trimming the change log failed", "error", err)
			return
		}
		e.prunedAt.Store(upto)
	}()
}

func readChanges(db *sql.DB, from int64, limit int) ([]change, error) {
	rows, err := db.Query("SELECT seq, tbl, rid, op, old_text FROM "+changesTable+" WHERE seq > ? ORDER BY seq LIMIT ?", from, limit)
	if err != nil {
		return nil, fmt.Errorf("search: read change log: %w", err)
	}
	defer rows.Close()
	var out []change
	for rows.Next() {
		var c change
		var old sql.NullString
		if err := rows.Scan(&c.seq, &c.tbl, &c.rid, &c.op, &old); err != nil {
			return nil, err
		}
		if old.Valid {
			c.oldText = &old.String
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// apply reads the current state of every row a batch touched and files it.
func (e *Engine) apply(db *sql.DB, cs []change) error {
	groups := groupChanges(cs)
	type staged struct {
		spec    TableSpec
		current map[int64]*doc
		pending map[int64]*pending
	}
	var stage []staged
	verified := map[string]bool{}
	for tbl, byRow := range groups {
		if tbl == "users" {
			if err := readVerified(db, byRow, verified); err != nil {
				return err
			}
			continue
		}
		spec, ok := e.spec(tbl)
		if !ok {
			continue
		}
		current, err := e.readDocs(db, spec, byRow)
		if err != nil {
			return err
		}
		stage = append(stage, staged{spec: spec, current: current, pending: byRow})
	}

	e.mu.Lock()
	defer e.mu.Unlock()
	for _, s := range stage {
		ix := e.indexes[s.spec.Table]
		for rowid, p := range s.pending {
			key := keyOf(rowid)
			d := s.current[rowid]
			textChanged := len(p.oldTexts) > 0 || !ix.has(rowid)
			if textChanged {
				for _, old := range p.oldTexts {
					ix.removeTerms(key, uniqueTerms(old, ""))
				}
			}
			if d == nil {
				ix.drop(rowid)
				continue
			}
			ix.put(d)
			if textChanged {
				ix.addTerms(key, uniqueTerms(d.title, d.description))
			}
		}
	}
	for userID, v := range verified {
		for _, ix := range e.indexes {
			ix.setVerified(userID, v)
		}
	}
	return nil
}

func (e *Engine) readDocs(db *sql.DB, spec TableSpec, byRow map[int64]*pending) (map[int64]*doc, error) {
	ids := make([]any, 0, len(byRow))
	for rid := range byRow {
		ids = append(ids, rid)
	}
	out := make(map[int64]*doc, len(ids))
	for len(ids) > 0 {
		n := min(len(ids), 500)
		rows, err := db.Query(e.selectSQL(spec)+" WHERE t.rowid IN ("+placeholders(n)+")", ids[:n]...)
		if err != nil {
			return nil, fmt.Errorf("search: read %s: %w", spec.Table, err)
		}
		if err := e.scanDocs(rows, spec, func(d *doc) { out[d.rowid] = d }); err != nil {
			return nil, fmt.Errorf("search: read %s: %w", spec.Table, err)
		}
		ids = ids[n:]
	}
	return out, nil
}

func readVerified(db *sql.DB, byRow map[int64]*pending, into map[string]bool) error {
	for rid := range byRow {
		var id string
		var v bool
		err := db.QueryRow("SELECT id, isVerified FROM users WHERE rowid = ?", rid).Scan(&id, &v)
		if errors.Is(err, sql.ErrNoRows) {
			continue // deleted since; their listings went with them
		}
		if err != nil {
			return fmt.Errorf("search: read users: %w", err)
		}
		into[id] = v
	}
	return nil
}
