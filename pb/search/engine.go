package search

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// ErrNotReady is returned while the index loads after a start.
var ErrNotReady = errors.New("search: the index is still loading")

// ErrBusy is returned when a query that reads its candidates' text waited
// Tuning.VerifyWait for one of the Tuning.VerifySlots in vain.
var ErrBusy = errors.New("search: too many keyword searches that read text at once")

// Engine answers list queries over the tables of a Source. It is safe for
// concurrent use.
type Engine struct {
	src    Source
	tables []Table
	cats   categories
	// industries numbers Config.Industries (a listing's ClosedTo is a mask
	// of them).
	industries map[string]int
	tune       Tuning
	now        func() time.Time
	log        *slog.Logger

	mu      sync.RWMutex // guards indexes and everything in them
	indexes map[string]*index
	// version counts the index's changes (under mu): a query that reads in
	// batches keeps its plan while it is unchanged (searchVerified).
	version uint64

	applyMu  sync.Mutex   // one applier at a time
	applied  atomic.Int64 // last change applied
	prunedAt atomic.Int64
	pruning  atomic.Bool

	verifySlots chan struct{} // queries that read candidates' text (Tuning.VerifySlots)

	ready   chan struct{}
	started atomic.Bool
	loadErr atomic.Pointer[error]
}

// takeVerifySlot waits up to Tuning.VerifyWait for a slot to read
// candidates' text, and answers the function that gives it back.
func (e *Engine) takeVerifySlot(ctx context.Context) (func(), error) {
	release := func() { <-e.verifySlots }
	select {
	case e.verifySlots <- struct{}{}:
		return release, nil
	default:
	}
	wait := time.NewTimer(e.tune.VerifyWait)
	defer wait.Stop()
	select {
	case e.verifySlots <- struct{}{}:
		return release, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-wait.C:
		return nil, ErrBusy
	}
}

// New makes an engine from cfg; it reads nothing until Start.
func New(cfg Config) (*Engine, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	cats, err := newCategories(cfg.Categories)
	if err != nil {
		return nil, err
	}
	e := &Engine{src: cfg.Source, tables: append([]Table(nil), cfg.Tables...), cats: cats,
		industries: make(map[string]int, len(cfg.Industries)), tune: DefaultTuning(), now: cfg.Now, log: cfg.Logger, ready: make(chan struct{})}
	if cfg.Tuning != nil {
		e.tune = *cfg.Tuning
	}
	for i, name := range cfg.Industries {
		e.industries[name] = i
	}
	if e.now == nil {
		e.now = time.Now
	}
	e.verifySlots = make(chan struct{}, max(e.tune.VerifySlots, 1))
	if e.log == nil {
		e.log = slog.Default()
	}
	return e, nil
}

// Start loads the index in the background, so that a large table never
// keeps a server from answering its health check; queries wait for the
// load (see Wait). Starting again does nothing.
func (e *Engine) Start() {
	if !e.started.CompareAndSwap(false, true) {
		return
	}
	go func() {
		start := time.Now()
		if err := e.Reload(context.Background()); err != nil {
			e.loadErr.Store(&err)
			e.log.Error("search: loading the index failed", "error", err)
		} else {
			e.log.Info("search: index loaded", "took", time.Since(start).String(), "listings", e.size())
		}
		close(e.ready)
	}()
}

// Wait blocks until the index is loaded or ctx ends (then ErrNotReady).
func (e *Engine) Wait(ctx context.Context) error {
	select {
	case <-e.ready:
	default: // still loading: wait, unless ctx is done first
		select {
		case <-e.ready:
		case <-ctx.Done():
			return ErrNotReady
		}
	}
	if p := e.loadErr.Load(); p != nil {
		return *p
	}
	return nil
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

// Reload builds every index afresh from a Snapshot and swaps them in
// (after a change the feed cannot describe, such as a schema change that
// rebuilt a table). Queries go on meanwhile, on the old index.
func (e *Engine) Reload(ctx context.Context) error {
	e.applyMu.Lock()
	defer e.applyMu.Unlock()
	return e.reloadLocked(ctx)
}

func (e *Engine) reloadLocked(ctx context.Context) error {
	built := make(map[string]*index, len(e.tables))
	for _, t := range e.tables {
		built[t.Name] = newIndex(t, len(e.cats.names), len(e.industries), &e.tune)
	}
	var d doc
	seq, err := e.src.Snapshot(ctx, func(table string, rowid int64, l *Listing) error {
		ix := built[table]
		if ix == nil {
			return nil // a table this engine does not index
		}
		if err := e.fill(&d, rowid, l); err != nil {
			return fmt.Errorf("%s: %w", table, err)
		}
		ix.grow(d.rowid)
		ix.putBulk(&d)
		ix.addTerms(keyOf(d.rowid), uniqueTerms(d.title, d.description))
		return nil
	})
	if err != nil {
		return fmt.Errorf("search: load: %w", err)
	}
	for _, ix := range built {
		ix.finishLoad()
	}
	e.mu.Lock()
	e.indexes = built
	e.version++
	e.applied.Store(seq)
	e.mu.Unlock()
	// Everything up to seq is in the snapshot: the feed before it can go.
	e.prunedAt.Store(0)
	e.maybePrune()
	return nil
}

// fill makes d the indexed form of a listing.
func (e *Engine) fill(d *doc, rowid int64, l *Listing) error {
	if rowid <= 0 || rowid > maxRowid {
		return fmt.Errorf("rowid %d out of the engine's range", rowid)
	}
	cats, _ := e.cats.lookup(d.cats[:0], l.Categories)
	*d = doc{rowid: rowid, title: l.Title, description: l.Description, amount: l.Amount, cats: cats,
		location: fold(l.Location), poster: l.PosterID, marks: marksOf(l), hidden: l.Hidden,
		status: statusCode(l.Status), event: l.EventUnix, hasTiers: l.HasTiers, closed: e.closedMask(l.ClosedTo),
		rules: e.rulesOf(&l.Criteria)}
	return nil
}

// closedMask is a listing's ClosedTo as a mask of industry numbers (names
// that are not industries are left out).
func (e *Engine) closedMask(names []string) uint64 {
	var m uint64
	for _, n := range names {
		if i, ok := e.industries[n]; ok {
			m |= 1 << i
		}
	}
	return m
}

func (e *Engine) table(name string) (Table, bool) {
	for _, t := range e.tables {
		if t.Name == name {
			return t, true
		}
	}
	return Table{}, false
}
