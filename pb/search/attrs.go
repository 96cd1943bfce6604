package search

import (
	"database/sql"
	"encoding/json"
	"strings"
	"sync"

	"github.com/pocketbase/pocketbase/tools/types"
)

// categoryMask maps a listing's stored categories (a JSON list) to a bit
// per known category.
func (e *Engine) categoryMask(raw string) uint8 {
	var names []string
	if raw != "" && raw != "[]" {
		if err := json.Unmarshal([]byte(raw), &names); err != nil {
			names = []string{raw} // a single select stores the bare value
		}
	}
	var m uint8
	for _, n := range names {
		for i, c := range e.categories {
			if strings.EqualFold(c, n) {
				m |= 1 << i
			}
		}
	}
	return m
}

// CategoryMask maps category names to the engine's bits; ok is false when a
// name is not a known category.
func (e *Engine) CategoryMask(names []string) (uint8, bool) {
	var m uint8
	for _, n := range names {
		found := false
		for i, c := range e.categories {
			if strings.EqualFold(c, n) {
				m |= 1 << i
				found = true
			}
		}
		if !found {
			return 0, false
		}
	}
	return m, true
}

func statusCode(s string) uint8 {
	switch s {
	case "open", "":
		// Offers have no status column; requests default to open
		// (the spec's "pending" is read as open).
		return statusOpen
	case "sponsored":
		return statusSponsored
	case "closed":
		return statusClosed
	}
	return statusNone
}

// eventUnix reads a stored date; 0 when there is none.
func eventUnix(stored string) int64 {
	if stored == "" {
		return 0
	}
	dt, err := types.ParseDateTime(stored)
	if err != nil || dt.IsZero() {
		return 0
	}
	return dt.Time().Unix()
}

// stmtCache runs the engine's few fixed statements as prepared statements.
type stmtCache struct {
	db   func() (*sql.DB, error)
	mu   sync.Mutex
	byQL map[string]*sql.Stmt
}

func (c *stmtCache) queryRow(q string, args ...any) *sqlRow {
	stmt, err := c.prepare(q)
	if err != nil {
		return &sqlRow{err: err}
	}
	return &sqlRow{row: stmt.QueryRow(args...)}
}

func (c *stmtCache) prepare(q string) (*sql.Stmt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s := c.byQL[q]; s != nil {
		return s, nil
	}
	db, err := c.db()
	if err != nil {
		return nil, err
	}
	s, err := db.Prepare(q)
	if err != nil {
		return nil, err
	}
	if c.byQL == nil {
		c.byQL = map[string]*sql.Stmt{}
	}
	c.byQL[q] = s
	return s, nil
}

type sqlRow struct {
	row *sql.Row
	err error
}

func (r *sqlRow) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	return r.row.Scan(dest...)
}
