// Package search is the engine behind every listing list: keyword search,
// filters, sort orders and keyset paging over an in-memory index of both
// listing tables, kept in step with SQLite through a change log
// (changes.go). It answers which listings match (as rowids, in order); the
// listings package reads those rows and shapes the answer.
//
// Why in memory: SQLite can use one index per table scan, so any mix of
// filters (keyword and category and amount and location...) degrades to a
// scan that grows with the table. Here every listing's filter attributes are
// a few bytes in arrays, keywords go through an inverted index of terms, and
// each query picks the cheapest way in (plan.go): walk the listings in the
// requested order and stop after a page, or start from a small set (a
// poster's listings, a rare keyword, a narrow amount range) and sort it.
// About 30 bytes per listing plus the term index; docs/search.md has the
// measurements.
package search

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TableSpec describes one listing table to the engine.
type TableSpec struct {
	Table        string
	AmountField  string
	HasStatus    bool
	HasEventDate bool
	// HiddenSQL is the visibility rule as SQL over the table aliased t: true
	// when the listing is hidden from everyone but its poster and
	// administrators.
	HiddenSQL string
}

// ErrNotReady is returned while the index loads after a start.
var ErrNotReady = errors.New("search: the index is still loading")

// Engine answers list queries for the listing tables.
type Engine struct {
	app        core.App
	specs      []TableSpec
	categories []string

	mu      sync.RWMutex // guards indexes and everything in them
	indexes map[string]*index

	applyMu  sync.Mutex   // one applier at a time
	applied  atomic.Int64 // last change applied
	prunedAt atomic.Int64
	pruning  atomic.Bool

	ready   chan struct{}
	started atomic.Bool
	loadErr atomic.Pointer[error]
	stmts   stmtCache

	// Now is the clock deciding whether an event date has passed.
	Now func() time.Time
}

// New makes an engine over the given tables; categories are the names a
// listing's categories are matched against (at most 8).
func New(app core.App, categories []string, specs ...TableSpec) *Engine {
	if len(categories) > 8 {
		panic("search: at most 8 categories fit a listing's category byte")
	}
	e := &Engine{app: app, specs: specs, categories: categories, ready: make(chan struct{}), Now: time.Now}
	e.stmts.db = func() (*sql.DB, error) {
		b, ok := app.ConcurrentDB().(*dbx.DB)
		if !ok {
			return nil, fmt.Errorf("search: unexpected database handle %T", app.ConcurrentDB())
		}
		return b.DB(), nil
	}
	return e
}

// Specs lists the tables the engine covers.
func (e *Engine) Specs() []TableSpec { return e.specs }

// Start installs the change log (quick) and loads the index in the
// background, so that a large table never keeps the server from answering
// its health check. Queries wait for the load (see Wait).
func (e *Engine) Start() error {
	if err := Install(e.app, e.specs); err != nil {
		return err
	}
	if !e.started.CompareAndSwap(false, true) {
		return nil // served again (tests build several routers over one app)
	}
	go func() {
		start := time.Now()
		if err := e.reload(); err != nil {
			e.loadErr.Store(&err)
			e.app.Logger().Error("search: loading the index failed", "error", err)
		} else {
			e.app.Logger().Info("search: index loaded", "took", time.Since(start).String(), "listings", e.size())
		}
		close(e.ready)
	}()
	return nil
}

// BindHooks follows schema changes made while serving (the superuser
// dashboard): a change may rebuild a table and drop its triggers, so they
// are restored and the index reloaded.
func (e *Engine) BindHooks() {
	e.app.OnCollectionAfterUpdateSuccess().BindFunc(func(ce *core.CollectionEvent) error {
		_, covered := e.spec(ce.Collection.Name)
		if e.started.Load() && (covered || ce.Collection.Name == "users") {
			go func() {
				err := Install(e.app, e.specs)
				if err == nil {
					err = e.reload()
				}
				if err != nil {
					e.app.Logger().Error("search: reloading after a schema change failed", "error", err)
				}
			}()
		}
		return ce.Next()
	})
}

// Wait blocks until the index is loaded or ctx ends.
func (e *Engine) Wait(ctx context.Context) error {
	select {
	case <-e.ready:
		if p := e.loadErr.Load(); p != nil {
			return *p
		}
		return nil
	case <-ctx.Done():
		return ErrNotReady
	}
}

// Started tells whether Start ran (the index is loaded or loading).
func (e *Engine) Started() bool { return e.started.Load() }

// Ready tells whether the index has loaded.
func (e *Engine) Ready() bool {
	select {
	case <-e.ready:
		return e.loadErr.Load() == nil
	default:
		return false
	}
}

func (e *Engine) size() int {
	e.mu.RLock()
	defer e.mu.RUnlock()
	n := 0
	for _, ix := range e.indexes {
		n += ix.aliveCount
	}
	return n
}

// reload builds every index from its table in one read transaction (so the
// snapshot and the change log position agree) and swaps them in.
func (e *Engine) reload() error {
	e.applyMu.Lock()
	defer e.applyMu.Unlock()
	return e.reloadLocked()
}

func (e *Engine) reloadLocked() error {
	db, err := e.stmts.db()
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(context.Background(), &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // read-only
	var seq int64
	if err := tx.QueryRow("SELECT COALESCE(MAX(seq), 0) FROM " + changesTable).Scan(&seq); err != nil {
		return err
	}
	built := make(map[string]*index, len(e.specs))
	for _, spec := range e.specs {
		ix := newIndex(spec)
		rows, err := tx.Query(e.selectSQL(spec) + " ORDER BY t.rowid DESC")
		if err != nil {
			return fmt.Errorf("search: load %s: %w", spec.Table, err)
		}
		err = e.scanDocs(rows, spec, func(d *doc) {
			ix.grow(d.rowid)
			ix.putBulk(d)
			ix.addTerms(keyOf(d.rowid), uniqueTerms(d.title, d.description))
		})
		if err != nil {
			return fmt.Errorf("search: load %s: %w", spec.Table, err)
		}
		ix.finishLoad()
		built[spec.Table] = ix
	}
	e.mu.Lock()
	e.indexes = built
	e.applied.Store(seq)
	e.mu.Unlock()
	// Everything up to seq is in the snapshot: the log before it can go.
	e.prunedAt.Store(0)
	e.maybePrune()
	return nil
}

// selectSQL reads the indexed columns of a table aliased t, with the
// poster's verified badge.
func (e *Engine) selectSQL(spec TableSpec) string {
	status, event := "''", "''"
	if spec.HasStatus {
		status = "t.status"
	}
	if spec.HasEventDate {
		event = "t.eventDate"
	}
	return fmt.Sprintf(`SELECT t.rowid, t.title, t.description, t.%s, t.location, t.categories, t.user,
		(%s), %s, %s, COALESCE(u.isVerified, 0)
		FROM %s t LEFT JOIN users u ON u.id = t.user`, spec.AmountField, spec.HiddenSQL, status, event, spec.Table)
}

func (e *Engine) scanDocs(rows *sql.Rows, spec TableSpec, fn func(*doc)) error {
	defer rows.Close()
	var (
		amount     float64
		categories string
		location   string
		status     string
		event      string
	)
	for rows.Next() {
		d := &doc{}
		if err := rows.Scan(&d.rowid, &d.title, &d.description, &amount, &location, &categories, &d.poster,
			&d.hidden, &status, &event, &d.verified); err != nil {
			return err
		}
		if d.rowid <= 0 || d.rowid > maxRowid {
			return fmt.Errorf("rowid %d out of the engine's range", d.rowid)
		}
		d.amount = int64(amount)
		d.location = fold(location)
		d.cats = e.categoryMask(categories)
		d.status = statusCode(status)
		d.event = eventUnix(event)
		fn(d)
	}
	return rows.Err()
}

func (e *Engine) spec(table string) (TableSpec, bool) {
	for _, s := range e.specs {
		if s.Table == table {
			return s, true
		}
	}
	return TableSpec{}, false
}
