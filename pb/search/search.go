package search

import (
	"context"
	"fmt"
	"math"
)

// Search answers one page of a table's matches, in order, as rowids. It
// waits for the index after a start (Tuning.ReadyWait, then ErrNotReady),
// applies the Source's changes it has not seen, and fails with
// ErrBadCursor for a cursor it did not make for this sort order.
func (e *Engine) Search(ctx context.Context, table string, q *Query) (*Result, error) {
	wctx, cancel := context.WithTimeout(ctx, e.tune.ReadyWait)
	defer cancel()
	if err := e.Wait(wctx); err != nil {
		return nil, err
	}
	if err := e.catchUp(ctx); err != nil {
		return nil, err
	}
	after, err := decodeCursor(q.After, q.Sort)
	if err != nil {
		return nil, err
	}
	limit := max(q.Limit, 1)
	offset := q.Offset
	if after != nil {
		offset = 0
	}
	want := offset + limit + 1 // one more tells whether there is a next page

	e.mu.RLock()
	ix := e.indexes[table]
	if ix == nil {
		e.mu.RUnlock()
		return nil, fmt.Errorf("search: unknown table %q", table)
	}
	p := e.compile(ix, &q.Filter, q.Sort)
	if p.kwVerify {
		p.release()
		e.mu.RUnlock()
		release, err := e.takeVerifySlot(ctx)
		if err != nil {
			return nil, err
		}
		defer release()
		return e.searchVerified(ctx, table, q, after, offset, limit)
	}
	w := p.walk(after, want, q.Total)
	p.release()
	res := &Result{}
	if q.Total {
		res.Total, res.Estimated = w.total, !w.exact
	}
	var next cursor
	keys := w.keys
	if len(keys) > offset {
		keys = keys[offset:]
	} else {
		keys = nil
	}
	if len(keys) > limit {
		res.HasMore = true
		keys = keys[:limit]
		next = p.cursorOf(keys[len(keys)-1])
	}
	e.mu.RUnlock()

	res.Rowids = make([]int64, len(keys))
	for i, k := range keys {
		res.Rowids[i] = rowidOf(k)
	}
	if res.HasMore {
		res.Next = next.encode()
	}
	return res, nil
}

// roundEstimate keeps two significant digits: an estimate should not look
// more precise than it is.
func roundEstimate(x float64) int {
	if x < 100 {
		return int(math.Round(x))
	}
	mag := math.Pow(10, math.Floor(math.Log10(x))-1)
	return int(math.Round(x/mag) * mag)
}

// searchVerified serves a keyword the index can only narrow down: it
// walks candidates in batches (holding the index lock only while walking)
// and keeps those whose stored title or description contains the keyword.
// To count it reads at least Tuning.VerifyBudget candidates, then
// estimates.
func (e *Engine) searchVerified(ctx context.Context, table string, q *Query, after *cursor, offset, limit int) (*Result, error) {
	want := offset + limit + 1
	verifyBudget := e.tune.VerifyBudget
	var (
		matched         []int64
		matchedKeys     []uint32
		cur             = after
		candidatesSeen  int
		verifiedMatches int
		candTotal       int
		candEstimated   bool
		sortOf          = q.Sort
		need            pairSig // the keyword's neighbour pairs
		// pending are candidates the neighbour signature let through whose
		// text is not read yet, in walk order.
		pending []uint32
	)
	batch := e.tune.VerifyBatch
	// One plan serves every batch while the index does not change (its
	// version): compiling rebuilds the keyword's set, and an amount order's
	// counting scan is kept in the plan (amountMemo).
	var (
		p  *plan
		pv uint64
	)
	defer func() {
		if p != nil {
			p.release()
		}
	}()
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		e.mu.RLock()
		if p == nil || pv != e.version {
			if p != nil {
				p.release()
			}
			p, pv = e.compile(e.indexes[table], &q.Filter, q.Sort), e.version
		}
		first := cur == after && candidatesSeen == 0
		w := p.walk(cur, batch, first && q.Total && after == nil)
		if first && q.Total {
			candTotal, candEstimated = w.total, !w.exact
		}
		var nextCur *cursor
		if len(w.keys) > 0 {
			c := p.cursorOf(w.keys[len(w.keys)-1])
			nextCur = &c
		}
		// Candidates whose neighbour signature lacks a pair of the keyword
		// cannot hold it (pairs.go): counted as read, not read.
		keys := w.keys
		if first {
			need = keywordPairs(p.kwFolded)
		}
		if need.empty() {
			pending = append(pending, keys...)
		} else {
			for _, k := range keys {
				if p.ix.hasPairs(rowidOf(k), &need) {
					pending = append(pending, k)
				} else {
					candidatesSeen++
				}
			}
		}
		e.mu.RUnlock()

		// The text is read only when this batch could end the walk: while
		// even every pending candidate matching would not fill the page,
		// the walk goes on whatever they hold, so they wait and are read
		// with the next batch's (one query instead of one a batch; the
		// candidates read and the answer are the same).
		stop := len(w.keys) < batch || !w.more || nextCur == nil
		if stop || len(matched)+len(pending) >= want {
			ok, err := e.verify(ctx, table, pending, p.kwFolded)
			if err != nil {
				return nil, err
			}
			for i, k := range pending {
				candidatesSeen++
				if ok[i] {
					verifiedMatches++
					if len(matched) < want {
						matched = append(matched, rowidOf(k))
						matchedKeys = append(matchedKeys, k)
					}
				}
			}
			pending = pending[:0]
			counted := !q.Total || candidatesSeen >= verifyBudget
			if (len(matched) >= want && counted) || stop {
				break
			}
		}
		cur = nextCur
		batch = min(batch*2, e.tune.VerifyBatchMax)
	}

	res := &Result{}
	if q.Total {
		if candEstimated || candidatesSeen < candTotal {
			est := float64(verifiedMatches) / float64(max(candidatesSeen, 1)) * float64(candTotal)
			res.Total, res.Estimated = max(verifiedMatches, roundEstimate(est)), true
		} else {
			res.Total = verifiedMatches
		}
	}
	if len(matched) > offset {
		matched, matchedKeys = matched[offset:], matchedKeys[offset:]
	} else {
		matched, matchedKeys = nil, nil
	}
	if len(matched) > limit {
		res.HasMore = true
		matched, matchedKeys = matched[:limit], matchedKeys[:limit]
		e.mu.RLock()
		c := cursor{sort: sortOf, key: matchedKeys[limit-1]}
		if ix := e.indexes[table]; ix != nil && rowidOf(c.key) < int64(len(ix.amount)) {
			c.amount = ix.amount[rowidOf(c.key)]
		}
		e.mu.RUnlock()
		res.Next = c.encode()
	}
	res.Rowids = matched
	return res, nil
}

// verify reads the candidates' text and tells which contain the keyword.
func (e *Engine) verify(ctx context.Context, table string, keys []uint32, folded string) ([]bool, error) {
	out := make([]bool, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	pos := make(map[int64]int, len(keys))
	rowids := make([]int64, len(keys))
	for i, k := range keys {
		pos[rowidOf(k)] = i
		rowids[i] = rowidOf(k)
	}
	err := e.src.Texts(ctx, table, rowids, func(rowid int64, title, desc string) {
		if i, ok := pos[rowid]; ok {
			out[i] = containsFolded(title, folded) || containsFolded(desc, folded)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("search: verify: %w", err)
	}
	return out, nil
}
