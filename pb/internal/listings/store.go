package listings

import (
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

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

	stmts *stmtCache

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
	s := &Store{app: app, generations: map[string]*atomic.Int64{}, counts: map[string]cachedCount{},
		stmts: newStmtCache(app)}
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

	sq := &sqlq{}
	sq.add("SELECT " + s.columns(kind))
	s.from(sq, kind, q)
	sq.add(" LEFT JOIN users u ON u.id = t.user")
	s.where(sq, kind, q, withRejected)
	switch q.Sort {
	case "amount_desc":
		sq.add(" ORDER BY t." + kind.AmountField + " DESC, t.rowid DESC")
	case "amount_asc":
		sq.add(" ORDER BY t." + kind.AmountField + " ASC, t.rowid DESC")
	default:
		sq.add(" ORDER BY " + s.newestOrder(q))
	}
	sq.add(" LIMIT ? OFFSET ?", q.PerPage+1, (q.Page-1)*q.PerPage)

	rows, err := s.scan(sq)
	if err != nil {
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
	sq := &sqlq{}
	sq.add("SELECT "+s.columns(kind)+" FROM "+kind.Table+" t LEFT JOIN users u ON u.id = t.user WHERE t.id = ? LIMIT 1", id)
	rows, err := s.scan(sq)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, sql.ErrNoRows
	}
	return &rows[0], nil
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

// columns lists the selected columns in the order scan reads them.
func (s *Store) columns(kind Kind) string {
	extra := "NULL, NULL"
	if kind.IsRequest {
		extra = "t.eventDate, t.status"
	}
	return "t.id, t.title, t.description, t." + kind.AmountField + ", t.location, t.categories, t.user, " +
		"t.created, t.updated, t.approved, t.reviewed, t.rejectionReason, " + extra + ", " +
		"u.username, u.displayName, u.isVerified, u.avatar"
}

func (s *Store) scan(sq *sqlq) ([]row, error) {
	res, err := s.stmts.query(sq)
	if err != nil {
		return nil, err
	}
	defer res.Close()
	var rows []row
	for res.Next() {
		var r row
		if err := res.Scan(&r.ID, &r.Title, &r.Description, &r.Amount, &r.Location, &r.Categories, &r.User,
			&r.Created, &r.Updated, &r.Approved, &r.Reviewed, &r.RejectionReason, &r.EventDate, &r.Status,
			&r.Username, &r.DisplayName, &r.IsVerified, &r.Avatar); err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	return rows, res.Err()
}

func (s *Store) from(sq *sqlq, kind Kind, q *Query) {
	if usesIndex(q) {
		sq.add(" FROM " + search.FTSTable(kind.Table) + " f JOIN " + kind.Table + " t ON " + search.RowidJoin)
		return
	}
	sq.add(" FROM " + kind.Table + " t")
}

func (s *Store) where(sq *sqlq, kind Kind, q *Query, withRejected bool) {
	sq.add(" WHERE 1=1")
	if !withRejected {
		sq.add(" AND NOT (t.reviewed = 1 AND t.approved = 0)")
	}
	if q.Keyword != "" {
		if usesIndex(q) {
			sq.add(" AND f."+search.FTSTable(kind.Table)+" MATCH ?", ftsPhrase(q.Keyword))
		} else {
			like := likePattern(q.Keyword)
			sq.add(` AND (t.title LIKE ? ESCAPE '\' OR t.description LIKE ? ESCAPE '\')`, like, like)
		}
	}
	if len(q.Categories) > 0 {
		sq.add(" AND (")
		for i, c := range q.Categories {
			if i > 0 {
				sq.add(" OR ")
			}
			sq.add("t.categories LIKE ?", `%"`+c+`"%`)
		}
		sq.add(")")
	}
	if q.MinAmount != nil {
		sq.add(" AND t."+kind.AmountField+" >= ?", *q.MinAmount)
	}
	if q.MaxAmount != nil {
		sq.add(" AND t."+kind.AmountField+" <= ?", *q.MaxAmount)
	}
	if q.Location != "" {
		sq.add(` AND (t.location = '' OR t.location LIKE ? ESCAPE '\')`, likePattern(q.Location))
	}
	if q.Status != "" && kind.IsRequest {
		sq.add(" AND t.status = ?", q.Status)
	}
	if q.UserID != "" {
		sq.add(" AND t.user = ?", q.UserID)
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

	sq := &sqlq{}
	sq.add("SELECT count(*) FROM (SELECT t.id")
	s.from(sq, kind, q)
	s.where(sq, kind, q, withRejected)
	sq.add(" LIMIT ?)", TotalCap+1)
	res, err := s.stmts.query(sq)
	if err != nil {
		return 0, fmt.Errorf("listings: count %s: %w", kind.Table, err)
	}
	total := 0
	if res.Next() {
		err = res.Scan(&total)
	}
	if cerr := res.Close(); err == nil {
		err = cerr
	}
	if err != nil {
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
