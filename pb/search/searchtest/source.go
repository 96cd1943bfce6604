// Package searchtest helps test code that uses package search: an
// in-memory Source, the engine's rules written plainly as a reference to
// compare it with, random listings and filters that are hard on an index,
// and fixed seeds that a failing test prints.
package searchtest

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"sync"

	"sponsorbridge/pb/search"
)

// Source is an in-memory search.Source: tables of listings, a badge per
// poster, and the feed of every change made through its methods. It is
// safe for concurrent use.
type Source struct {
	mu     sync.Mutex
	tables map[string]map[int64]search.Listing
	top    map[string]int64 // each table's highest rowid
	badges map[string]bool
	// reliable is each poster's reliable mark
	reliable map[string]bool
	// audiences are each poster's audience and whether it is measured
	audiences map[string]audience
	feed      []search.Change // after trimmed
	head      int64
	trimmed   int64
}

// NewSource makes an empty source.
func NewSource() *Source {
	return &Source{tables: map[string]map[int64]search.Listing{}, top: map[string]int64{}, badges: map[string]bool{},
		reliable: map[string]bool{}, audiences: map[string]audience{}}
}

type audience struct {
	value    int64
	measured bool
}

// marksChanged records a change of a poster's marks: all of them, as
// search.Change says.
func (s *Source) marksChanged(poster string) {
	a := s.audiences[poster]
	s.record(search.Change{PosterID: poster, Verified: s.badges[poster], Reliable: s.reliable[poster], Audience: a.value, Measured: a.measured})
}

func (s *Source) record(c search.Change) {
	s.head++
	c.Position = s.head
	s.feed = append(s.feed, c)
}

func joinText(l search.Listing) string { return l.Title + "\n" + l.Description }

// Insert adds a listing to table with the next rowid (one above the
// highest, as SQLite does: the rowid of a deleted newest listing is handed
// out again) and returns it.
func (s *Source) Insert(table string, l search.Listing) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	rowid := s.top[table] + 1
	s.putLocked(table, rowid, l)
	return rowid
}

// Put stores a listing at rowid, adding or replacing it.
func (s *Source) Put(table string, rowid int64, l search.Listing) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.putLocked(table, rowid, l)
}

func (s *Source) putLocked(table string, rowid int64, l search.Listing) {
	rows := s.tables[table]
	if rows == nil {
		rows = map[int64]search.Listing{}
		s.tables[table] = rows
	}
	c := search.Change{Table: table, Rowid: rowid}
	if old, ok := rows[rowid]; ok && (old.Title != l.Title || old.Description != l.Description) {
		text := joinText(old)
		c.OldText = &text
	}
	l.Categories = slices.Clone(l.Categories)
	rows[rowid] = l
	s.top[table] = max(s.top[table], rowid)
	s.record(c)
}

// Delete removes a listing; false when there was none.
func (s *Source) Delete(table string, rowid int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.tables[table][rowid]
	if !ok {
		return false
	}
	delete(s.tables[table], rowid)
	if rowid == s.top[table] {
		s.top[table] = 0
		for r := range s.tables[table] {
			s.top[table] = max(s.top[table], r)
		}
	}
	text := joinText(old)
	s.record(search.Change{Table: table, Rowid: rowid, OldText: &text})
	return true
}

// SetVerified sets a poster's badge. Every listing reads its poster's marks
// (Listing.PosterVerified, PosterReliable, PosterAudience and PosterMeasured
// as stored are ignored); a poster never set has none.
func (s *Source) SetVerified(poster string, verified bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.badges[poster] == verified {
		return
	}
	s.badges[poster] = verified
	s.marksChanged(poster)
}

// SetReliable sets a poster's reliable mark, like SetVerified.
func (s *Source) SetReliable(poster string, reliable bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reliable[poster] == reliable {
		return
	}
	s.reliable[poster] = reliable
	s.marksChanged(poster)
}

// SetAudience sets a poster's audience and whether it is measured, like
// SetVerified.
func (s *Source) SetAudience(poster string, value int64, measured bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := (audience{value, measured}); s.audiences[poster] != a {
		s.audiences[poster] = a
		s.marksChanged(poster)
	}
}

// Verified tells a poster's badge.
func (s *Source) Verified(poster string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.badges[poster]
}

// Reliable tells a poster's reliable mark.
func (s *Source) Reliable(poster string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reliable[poster]
}

// Get returns a listing as the engine reads it.
func (s *Source) Get(table string, rowid int64) (search.Listing, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.tables[table][rowid]
	return s.read(l), ok
}

func (s *Source) read(l search.Listing) search.Listing {
	l.PosterVerified = s.badges[l.PosterID]
	l.PosterReliable = s.reliable[l.PosterID]
	a := s.audiences[l.PosterID]
	l.PosterAudience, l.PosterMeasured = a.value, a.measured
	return l
}

// Docs lists a table's listings as the reference sees them, newest first.
func (s *Source) Docs(table string) []Doc {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Doc, 0, len(s.tables[table]))
	for _, r := range s.rowidsLocked(table) {
		out = append(out, NewDoc(r, s.read(s.tables[table][r])))
	}
	return out
}

// rowidsLocked lists a table's rowids, highest (newest) first.
func (s *Source) rowidsLocked(table string) []int64 {
	return slices.SortedFunc(maps.Keys(s.tables[table]), func(a, b int64) int { return cmp.Compare(b, a) })
}

// Snapshot implements search.Source: tables by name, newest first.
func (s *Source) Snapshot(_ context.Context, visit func(string, int64, *search.Listing) error) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, table := range slices.Sorted(maps.Keys(s.tables)) {
		for _, r := range s.rowidsLocked(table) {
			l := s.read(s.tables[table][r])
			if err := visit(table, r, &l); err != nil {
				return 0, err
			}
		}
	}
	return s.head, nil
}

// Head implements search.Source.
func (s *Source) Head(context.Context) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.head, nil
}

// Changes implements search.Source.
func (s *Source) Changes(_ context.Context, after int64, limit int) ([]search.Change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := max(int(after-s.trimmed), 0)
	if i >= len(s.feed) {
		return nil, nil
	}
	return slices.Clone(s.feed[i:min(len(s.feed), i+limit)]), nil
}

// Read implements search.Source.
func (s *Source) Read(_ context.Context, table string, rowids []int64, visit func(int64, *search.Listing) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rowids {
		if l, ok := s.tables[table][r]; ok {
			l = s.read(l)
			if err := visit(r, &l); err != nil {
				return err
			}
		}
	}
	return nil
}

// Texts implements search.Source.
func (s *Source) Texts(_ context.Context, table string, rowids []int64, visit func(int64, string, string)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rowids {
		if l, ok := s.tables[table][r]; ok {
			visit(r, l.Title, l.Description)
		}
	}
	return nil
}

// Trim implements search.Source.
func (s *Source) Trim(_ context.Context, upTo int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := int(upTo - s.trimmed); n > 0 {
		n = min(n, len(s.feed))
		s.feed = slices.Delete(s.feed, 0, n)
		s.trimmed += int64(n)
	}
	return nil
}

// Trimmed is the position up to which the feed was trimmed.
func (s *Source) Trimmed() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.trimmed
}
