package listings

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/search"
)

// Store reads listings with hand-written SQL that the indexes can answer:
// newest first is rowid order (rowids grow with insertion time), keywords go
// through the trigram index, and totals are counted at most to TotalCap and
// cached until the table changes.
type Store struct {
	app         core.App
	generations map[string]*atomic.Int64

	mu     sync.Mutex
	counts map[string]cachedCount
}

type cachedCount struct {
	generation int64
	total      int
}

const maxCachedCounts = 4096

// NewStore makes a store and keeps its count cache honest by bumping a
// table's generation whenever one of its records changes.
func NewStore(app core.App) *Store {
	s := &Store{app: app, generations: map[string]*atomic.Int64{}, counts: map[string]cachedCount{}}
	for _, k := range Kinds {
		s.generations[k.Table] = &atomic.Int64{}
	}
	bump := func(e *core.ModelEvent) error {
		if g, ok := s.generations[e.Model.TableName()]; ok {
			g.Add(1)
		}
		return e.Next()
	}
	app.OnModelAfterCreateSuccess(Sponsorships.Table, Requests.Table).BindFunc(bump)
	app.OnModelAfterUpdateSuccess(Sponsorships.Table, Requests.Table).BindFunc(bump)
	app.OnModelAfterDeleteSuccess(Sponsorships.Table, Requests.Table).BindFunc(bump)
	return s
}

// Viewer is who is asking: it decides whether rejected listings and
// rejection reasons are visible.
type Viewer struct {
	ID      string
	IsAdmin bool
}

// Page is one page of a list answer.
type Page struct {
	Items   []Listing
	Total   int
	Capped  bool
	HasMore bool
}

// List answers one page of matches.
func (s *Store) List(kind Kind, q *Query, viewer Viewer) (*Page, error) {
	// Rejected listings show only in a poster's own list, or to administrators
	// who ask for a member's list.
	withRejected := q.UserID != "" && (q.UserID == viewer.ID || viewer.IsAdmin)

	sel := s.selectRows(kind, q, withRejected)
	switch q.Sort {
	case "amount_desc":
		sel.OrderBy("t."+kind.AmountField+" DESC", "t.rowid DESC")
	case "amount_asc":
		sel.OrderBy("t."+kind.AmountField+" ASC", "t.rowid DESC")
	default:
		sel.OrderBy(s.newestOrder(q))
	}
	sel.Limit(int64(q.PerPage + 1)).Offset(int64((q.Page - 1) * q.PerPage))

	var rows []row
	if err := sel.All(&rows); err != nil {
		return nil, fmt.Errorf("listings: list %s: %w", kind.Table, err)
	}
	page := &Page{Items: make([]Listing, 0, len(rows))}
	if len(rows) > q.PerPage {
		page.HasMore = true
		rows = rows[:q.PerPage]
	}
	usersID := s.usersCollectionID()
	for i := range rows {
		page.Items = append(page.Items, rows[i].toListing(kind, usersID, rows[i].reasonVisibleTo(viewer)))
	}

	total, err := s.count(kind, q, withRejected)
	if err != nil {
		return nil, err
	}
	page.Total = min(total, TotalCap)
	page.Capped = total > TotalCap
	return page, nil
}

// Find reads one listing by id (rejected ones included: callers decide).
func (s *Store) Find(kind Kind, id string) (*row, error) {
	sel := s.columns(kind).From(kind.Table+" t").
		LeftJoin("users u", dbx.NewExp("u.id = t.user")).
		Where(dbx.HashExp{"t.id": id}).Limit(1)
	r := &row{}
	if err := sel.One(r); err != nil {
		return nil, err
	}
	return r, nil
}

// ToListing maps a row for a viewer.
func (s *Store) ToListing(kind Kind, r *row, viewer Viewer) Listing {
	return r.toListing(kind, s.usersCollectionID(), r.reasonVisibleTo(viewer))
}

func (s *Store) newestOrder(q *Query) string {
	if usesIndex(q) {
		return "f.rowid ASC" // newest first in index order (see package search)
	}
	return "t.rowid DESC"
}

func (s *Store) columns(kind Kind) *dbx.SelectQuery {
	cols := []string{
		"t.id", "t.title", "t.description", "t." + kind.AmountField + " AS amount", "t.location",
		"t.categories", "t.user", "t.created", "t.updated", "t.approved", "t.reviewed", "t.rejectionReason",
		"u.username AS posterUsername", "u.displayName AS posterDisplayName",
		"u.isVerified AS posterIsVerified", "u.avatar AS posterAvatar",
	}
	if kind.IsRequest {
		cols = append(cols, "t.eventDate", "t.status")
	} else {
		cols = append(cols, "CAST(NULL AS TEXT) AS eventDate", "CAST(NULL AS TEXT) AS status")
	}
	return s.app.DB().Select(cols...)
}

// selectRows builds the SELECT with every filter of q applied.
func (s *Store) selectRows(kind Kind, q *Query, withRejected bool) *dbx.SelectQuery {
	sel := s.columns(kind)
	s.from(sel, kind, q)
	sel.LeftJoin("users u", dbx.NewExp("u.id = t.user"))
	s.where(sel, kind, q, withRejected)
	return sel
}

func (s *Store) from(sel *dbx.SelectQuery, kind Kind, q *Query) {
	if usesIndex(q) {
		fts := search.FTSTable(kind.Table)
		sel.From(fts+" f").InnerJoin(kind.Table+" t", dbx.NewExp(search.RowidJoin))
		return
	}
	sel.From(kind.Table + " t")
}

func (s *Store) where(sel *dbx.SelectQuery, kind Kind, q *Query, withRejected bool) {
	if !withRejected {
		sel.AndWhere(dbx.NewExp("NOT (t.reviewed = 1 AND t.approved = 0)"))
	}
	if q.Keyword != "" {
		if usesIndex(q) {
			fts := search.FTSTable(kind.Table)
			sel.AndWhere(dbx.NewExp("f."+fts+" MATCH {:match}", dbx.Params{"match": ftsPhrase(q.Keyword)}))
		} else {
			like := likePattern(q.Keyword)
			sel.AndWhere(dbx.NewExp(`(t.title LIKE {:kw} ESCAPE '\' OR t.description LIKE {:kw} ESCAPE '\')`, dbx.Params{"kw": like}))
		}
	}
	if len(q.Categories) > 0 {
		parts := make([]string, len(q.Categories))
		params := dbx.Params{}
		for i, c := range q.Categories {
			name := fmt.Sprintf("cat%d", i)
			parts[i] = "t.categories LIKE {:" + name + "}"
			params[name] = `%"` + c + `"%`
		}
		sel.AndWhere(dbx.NewExp("("+strings.Join(parts, " OR ")+")", params))
	}
	if q.MinAmount != nil {
		sel.AndWhere(dbx.NewExp("t."+kind.AmountField+" >= {:minAmount}", dbx.Params{"minAmount": *q.MinAmount}))
	}
	if q.MaxAmount != nil {
		sel.AndWhere(dbx.NewExp("t."+kind.AmountField+" <= {:maxAmount}", dbx.Params{"maxAmount": *q.MaxAmount}))
	}
	if q.Location != "" {
		sel.AndWhere(dbx.NewExp(`(t.location = '' OR t.location LIKE {:loc} ESCAPE '\')`, dbx.Params{"loc": likePattern(q.Location)}))
	}
	if q.Status != "" && kind.IsRequest {
		sel.AndWhere(dbx.HashExp{"t.status": q.Status})
	}
	if q.UserID != "" {
		sel.AndWhere(dbx.HashExp{"t.user": q.UserID})
	}
}

// count counts the matches up to TotalCap+1, from the cache when the table
// has not changed since.
func (s *Store) count(kind Kind, q *Query, withRejected bool) (int, error) {
	key := q.filterKey(kind.Table, withRejected)
	gen := s.generations[kind.Table].Load()

	s.mu.Lock()
	c, ok := s.counts[key]
	s.mu.Unlock()
	if ok && c.generation == gen {
		return c.total, nil
	}

	inner := s.app.DB().Select("t.id")
	s.from(inner, kind, q)
	s.where(inner, kind, q, withRejected)
	inner.Limit(TotalCap + 1)
	built := inner.Build()

	var total int
	if err := s.app.DB().NewQuery("SELECT count(*) FROM (" + built.SQL() + ")").Bind(built.Params()).Row(&total); err != nil {
		return 0, fmt.Errorf("listings: count %s: %w", kind.Table, err)
	}

	s.mu.Lock()
	if len(s.counts) >= maxCachedCounts {
		clear(s.counts)
	}
	s.counts[key] = cachedCount{generation: gen, total: total}
	s.mu.Unlock()
	return total, nil
}

func (s *Store) usersCollectionID() string {
	c, err := s.app.FindCachedCollectionByNameOrId("users")
	if err != nil {
		return "users"
	}
	return c.Id
}

func usesIndex(q *Query) bool {
	return len([]rune(q.Keyword)) >= minTrigram
}

// ftsPhrase quotes a keyword as one FTS5 phrase: with the trigram tokenizer a
// phrase matches exactly where the text contains the keyword.
func ftsPhrase(keyword string) string {
	return `"` + strings.ReplaceAll(keyword, `"`, `""`) + `"`
}

func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}
