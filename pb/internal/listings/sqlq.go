package listings

import (
	"database/sql"
	"fmt"
	"strings"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// sqlq builds one positional SQL statement. The list routes are the hottest
// path of the app, so they skip the query builder (which rewrites named
// placeholders with regular expressions on every call) and run prepared
// statements cached per SQL shape: a shape is parsed once per connection,
// not once per request.
type sqlq struct {
	sb   strings.Builder
	args []any
}

func (q *sqlq) add(sql string, args ...any) *sqlq {
	q.sb.WriteString(sql)
	q.args = append(q.args, args...)
	return q
}

// stmtCache holds prepared statements by their SQL text.
type stmtCache struct {
	db   func() (*sql.DB, error)
	mu   sync.RWMutex
	byQL map[string]*sql.Stmt
}

// maxStatements bounds the cache; past it statements run unprepared
// (the number of shapes is small: it grows only with combinations of filters).
const maxStatements = 1024

func newStmtCache(app core.App) *stmtCache {
	return &stmtCache{
		byQL: map[string]*sql.Stmt{},
		db: func() (*sql.DB, error) {
			b, ok := app.ConcurrentDB().(*dbx.DB)
			if !ok {
				return nil, fmt.Errorf("listings: unexpected database handle %T", app.ConcurrentDB())
			}
			return b.DB(), nil
		},
	}
}

func (c *stmtCache) query(q *sqlq) (*sql.Rows, error) {
	text := q.sb.String()
	c.mu.RLock()
	stmt := c.byQL[text]
	c.mu.RUnlock()
	if stmt != nil {
		return stmt.Query(q.args...)
	}
	db, err := c.db()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if stmt = c.byQL[text]; stmt == nil {
		if len(c.byQL) >= maxStatements {
			return db.Query(text, q.args...)
		}
		if stmt, err = db.Prepare(text); err != nil {
			return nil, err
		}
		c.byQL[text] = stmt
	}
	return stmt.Query(q.args...)
}
