package search

// Following the Source's change feed: every query first applies what the
// feed recorded since the last one (catchUp), reading the changed listings
// back from the Source. The feed is trimmed as it is applied; an engine that
// fell behind the trim notices the gap and reloads.

import (
	"context"
	"fmt"
)

// catchUp applies the feed up to its head. It runs before every query; when
// nothing changed it costs one Source.Head.
func (e *Engine) catchUp(ctx context.Context) error {
	last, err := e.src.Head(ctx)
	if err != nil {
		return fmt.Errorf("search: read change log: %w", err)
	}
	if last <= e.applied.Load() {
		return nil
	}
	// The work is everyone's: one reader leaving must not abort it.
	ctx = context.WithoutCancel(ctx)
	e.applyMu.Lock()
	defer e.applyMu.Unlock()
	for {
		from := e.applied.Load()
		if last <= from {
			return nil
		}
		cs, err := e.src.Changes(ctx, from, e.tune.ChangeBatch)
		if err != nil {
			return fmt.Errorf("search: read change log: %w", err)
		}
		if len(cs) == 0 {
			return nil
		}
		if cs[0].Position != from+1 {
			// Entries we never applied were trimmed (a long stop of a
			// replica, say): start over from a snapshot.
			return e.reloadLocked(ctx)
		}
		if err := e.apply(ctx, cs); err != nil {
			return err
		}
		e.applied.Store(cs[len(cs)-1].Position)
		e.maybePrune()
	}
}

func (e *Engine) maybePrune() {
	applied := e.applied.Load()
	if applied-e.prunedAt.Load() < int64(e.tune.PruneEvery) || !e.pruning.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer e.pruning.Store(false)
		upto := applied - int64(e.tune.PruneKeep)
		if err := e.src.Trim(context.Background(), upto); err != nil {
			e.log.Warn("search: trimming the change log failed", "error", err)
			return
		}
		e.prunedAt.Store(upto)
	}()
}

// pending is what a batch of changes means for one listing: every former
// text it had since the index last saw it (its terms leave the index; the
// current text's terms are filed again).
type pending struct {
	oldTexts []string
}

// apply reads the current state of every listing a batch touched and files
// it, and follows the posters' marks that changed.
func (e *Engine) apply(ctx context.Context, cs []Change) error {
	groups := map[string]map[int64]*pending{}
	marks := map[string]posterMarks{}
	for _, c := range cs {
		switch {
		case c.PosterID != "":
			marks[c.PosterID] = posterMarks{verified: c.Verified, reliable: c.Reliable, measured: c.Measured, audience: c.Audience}
		case c.Table != "":
			byRow := groups[c.Table]
			if byRow == nil {
				byRow = map[int64]*pending{}
				groups[c.Table] = byRow
			}
			p := byRow[c.Rowid]
			if p == nil {
				p = &pending{}
				byRow[c.Rowid] = p
			}
			if c.OldText != nil {
				p.oldTexts = append(p.oldTexts, *c.OldText)
			}
		}
	}
	type staged struct {
		table   string
		current map[int64]*doc
		pending map[int64]*pending
	}
	var stage []staged
	for table, byRow := range groups {
		if _, ok := e.table(table); !ok {
			continue
		}
		current, err := e.read(ctx, table, byRow)
		if err != nil {
			return err
		}
		stage = append(stage, staged{table: table, current: current, pending: byRow})
	}

	e.mu.Lock()
	defer e.mu.Unlock()
	e.version++
	for _, s := range stage {
		ix := e.indexes[s.table]
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
	for posterID, m := range marks {
		for _, ix := range e.indexes {
			ix.setMarks(posterID, m)
		}
	}
	return nil
}

// read asks the Source for the current state of the listings.
func (e *Engine) read(ctx context.Context, table string, byRow map[int64]*pending) (map[int64]*doc, error) {
	rowids := make([]int64, 0, len(byRow))
	for r := range byRow {
		rowids = append(rowids, r)
	}
	out := make(map[int64]*doc, len(rowids))
	err := e.src.Read(ctx, table, rowids, func(rowid int64, l *Listing) error {
		d := &doc{}
		if err := e.fill(d, rowid, l); err != nil {
			return err
		}
		out[rowid] = d
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("search: read %s: %w", table, err)
	}
	return out, nil
}
