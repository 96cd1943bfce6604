package listings

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/search"
)

// source is the search engine's view of the listing tables (search.Source):
// rows read with plain SQL, the change log filled by triggers
// (engine_log.go). The engine reads the log's head before every query, so
// that read is one prepared statement, run without the request's context
// (database/sql would start a goroutine per query to watch it).
type source struct {
	app   core.App
	specs []SearchSpec

	mu   sync.Mutex
	head *sql.Stmt
	// texts reads candidates' text, one statement a table prepared once
	// (the rowids go as one JSON array: no statement per batch size)
	texts map[string]*sql.Stmt

	// cards are the list route's encoded listings (cards.go): the log's
	// changes drop them as they are read, before the engine applies them.
	cards *cardCache
}

func newSource(app core.App, specs []SearchSpec) *source {
	return &source{app: app, specs: specs, cards: newCardCache(MinCardBytes)}
}

func (s *source) db() (*sql.DB, error) {
	b, ok := s.app.ConcurrentDB().(*dbx.DB)
	if !ok {
		return nil, fmt.Errorf("search: unexpected database handle %T", s.app.ConcurrentDB())
	}
	return b.DB(), nil
}

func (s *source) spec(table string) (SearchSpec, bool) {
	for _, sp := range s.specs {
		if sp.Table == table {
			return sp, true
		}
	}
	return SearchSpec{}, false
}

func (s *source) covers(table string) bool {
	_, ok := s.spec(table)
	return ok
}

// selectSQL reads the indexed columns of a table aliased t, with the
// poster's marks (posterMarksSQL).
func selectSQL(spec SearchSpec) string {
	status, event, packages, criteria := "''", "''", "0, '', ''", "'', 0, 0"
	if spec.HasStatus {
		status = "t.status"
	}
	if spec.HasEventDate {
		event = "t.eventDate"
	}
	if spec.HasPackages {
		packages = "t.hasTiers, t.exclusiveIndustries, t.clashingIndustries"
	}
	if spec.HasCriteria {
		criteria = "t.criteria, t.applicationCap, t.applicationCount"
	}
	return fmt.Sprintf(`SELECT t.rowid, t.title, t.description, t.%s, t.location, t.categories, t.user,
		(%s), %s, %s, %s, %s, %s
		FROM %s t LEFT JOIN users u ON u.id = t.user`, spec.AmountField, spec.HiddenSQL, status, event, posterMarksSQL, packages, criteria, spec.Table)
}

// posterMarksSQL are what the engine keeps of a poster (users aliased u,
// perhaps missing): the verified badge, the reliable mark, the audience and
// whether it is measured (search.Listing's Poster fields, search.Change's
// marks).
const posterMarksSQL = `COALESCE(u.isVerified, 0), COALESCE(u.isReliable, 0), CAST(COALESCE(u.audience, 0) AS INTEGER),
		COALESCE(u.audienceProvenance, '') = '` + evidence.Measured + `'`

// scanListings reads rows of selectSQL as the engine's listings.
func scanListings(rows *sql.Rows, visit func(rowid int64, l *search.Listing) error) error {
	defer rows.Close()
	var (
		rowid      int64
		amount     float64
		categories string
		event      string
		exclusive  sql.NullString
		clashing   sql.NullString
		criteria   sql.NullString
		capacity   float64
		count      float64
	)
	for rows.Next() {
		var l search.Listing
		if err := rows.Scan(&rowid, &l.Title, &l.Description, &amount, &l.Location, &categories, &l.PosterID,
			&l.Hidden, &l.Status, &event, &l.PosterVerified, &l.PosterReliable, &l.PosterAudience, &l.PosterMeasured, &l.HasTiers, &exclusive, &clashing,
			&criteria, &capacity, &count); err != nil {
			return err
		}
		l.Amount = int64(amount)
		l.Categories = searchCategories(categories)
		l.ClosedTo = ClosedTo(exclusive.String, clashing.String)
		l.EventUnix = eventUnix(event)
		l.Criteria = storedCriteria(criteria.String, int(capacity), int(count))
		if err := visit(rowid, &l); err != nil {
			return err
		}
	}
	return rows.Err()
}

// searchCategories reads a listing's stored categories: a JSON list, or
// the bare value a single select stores.
func searchCategories(raw string) []string {
	if raw == "" || raw == "[]" {
		return nil
	}
	var names []string
	if err := json.Unmarshal([]byte(raw), &names); err != nil {
		return []string{raw}
	}
	return names
}

// ClosedTo are the industries a request is closed to: those holding one
// of its exclusive tiers and those its poster refuses (each a stored JSON
// list; docs/api/packages.md, "Filters").
func ClosedTo(exclusive, clashing string) []string {
	var out []string
	for _, raw := range []string{exclusive, clashing} {
		var names []string
		if raw == "" || json.Unmarshal([]byte(raw), &names) != nil {
			continue
		}
		for _, n := range names {
			out = appendUnique(out, n)
		}
	}
	return out
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

// Snapshot reads every table in one read transaction, so that the rows and
// the log's position agree; newest first.
func (s *source) Snapshot(ctx context.Context, visit func(string, int64, *search.Listing) error) (int64, error) {
	db, err := s.db()
	if err != nil {
		return 0, err
	}
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback() //nolint:errcheck // read-only
	s.cards.clear()     // the index starts over: so do the cards
	var seq int64
	if err := tx.QueryRow("SELECT COALESCE(MAX(seq), 0) FROM " + changesTable).Scan(&seq); err != nil {
		return 0, err
	}
	for _, spec := range s.specs {
		rows, err := tx.Query(selectSQL(spec) + " ORDER BY t.rowid DESC")
		if err != nil {
			return 0, fmt.Errorf("%s: %w", spec.Table, err)
		}
		// visit's errors name the table already.
		if err := scanListings(rows, func(rowid int64, l *search.Listing) error { return visit(spec.Table, rowid, l) }); err != nil {
			return 0, err
		}
	}
	return seq, nil
}

// Head reads the log's last position.
func (s *source) Head(context.Context) (int64, error) {
	stmt, err := s.headStmt()
	if err != nil {
		return 0, err
	}
	var last int64
	err = stmt.QueryRow().Scan(&last)
	return last, err
}

func (s *source) headStmt() (*sql.Stmt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.head != nil {
		return s.head, nil
	}
	db, err := s.db()
	if err != nil {
		return nil, err
	}
	if s.head, err = db.Prepare("SELECT COALESCE(MAX(seq), 0) FROM " + changesTable); err != nil {
		return nil, err
	}
	return s.head, nil
}

// Changes reads the log; a member's badge change is read from users. The
// cards the changes touch are dropped here, before the engine applies them.
func (s *source) Changes(_ context.Context, after int64, limit int) ([]search.Change, error) {
	db, err := s.db()
	if err != nil {
		return nil, err
	}
	rows, err := db.Query("SELECT seq, tbl, rid, op, old_text FROM "+changesTable+" WHERE seq > ? ORDER BY seq LIMIT ?", after, limit)
	if err != nil {
		return nil, err
	}
	var out []search.Change
	for rows.Next() {
		var c search.Change
		var op string
		var old sql.NullString
		if err := rows.Scan(&c.Position, &c.Table, &c.Rowid, &op, &old); err != nil {
			rows.Close()
			return nil, err
		}
		if old.Valid {
			c.OldText = &old.String
		}
		if c.Table == "users" && op == "p" {
			// only what cards show of a poster changed: nothing for the
			// engine (a change without a table or poster)
			s.cards.clear()
			c.Table, c.Rowid = "", 0
		}
		out = append(out, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		switch out[i].Table {
		case "users":
			s.cards.clear() // a badge changed, or the member left
		case "":
		default:
			s.cards.drop(out[i].Table, out[i].Rowid)
		}
	}
	for i := range out {
		if out[i].Table == "users" {
			if err := readBadge(db, &out[i]); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// readBadge turns a change of users into the poster's current marks.
func readBadge(db *sql.DB, c *search.Change) error {
	rowid := c.Rowid
	c.Table, c.Rowid = "", 0
	err := db.QueryRow("SELECT u.id, "+posterMarksSQL+" FROM users u WHERE u.rowid = ?", rowid).
		Scan(&c.PosterID, &c.Verified, &c.Reliable, &c.Audience, &c.Measured)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // deleted since; their listings went with them
	}
	if err != nil {
		return fmt.Errorf("search: read users: %w", err)
	}
	return nil
}

// Read reads rows by rowid, 500 at a time.
func (s *source) Read(_ context.Context, table string, rowids []int64, visit func(int64, *search.Listing) error) error {
	spec, ok := s.spec(table)
	if !ok {
		return fmt.Errorf("search: unknown table %q", table)
	}
	db, err := s.db()
	if err != nil {
		return err
	}
	for len(rowids) > 0 {
		n := min(len(rowids), 500)
		rows, err := db.Query(selectSQL(spec)+" WHERE t.rowid IN ("+placeholders(n)+")", anys(rowids[:n])...)
		if err != nil {
			return err
		}
		if err := scanListings(rows, visit); err != nil {
			return err
		}
		rowids = rowids[n:]
	}
	return nil
}

// Texts reads titles and descriptions by rowid.
func (s *source) Texts(_ context.Context, table string, rowids []int64, visit func(int64, string, string)) error {
	if !s.covers(table) {
		return fmt.Errorf("search: unknown table %q", table)
	}
	stmt, err := s.textsStmt(table)
	if err != nil {
		return err
	}
	list := make([]byte, 0, 1+8*len(rowids))
	list = append(list, '[')
	for i, r := range rowids {
		if i > 0 {
			list = append(list, ',')
		}
		list = strconv.AppendInt(list, r, 10)
	}
	list = append(list, ']')
	rows, err := stmt.Query(string(list))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var rowid int64
		var title, desc string
		if err := rows.Scan(&rowid, &title, &desc); err != nil {
			return err
		}
		visit(rowid, title, desc)
	}
	return rows.Err()
}

func (s *source) textsStmt(table string) (*sql.Stmt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.texts[table]; st != nil {
		return st, nil
	}
	db, err := s.db()
	if err != nil {
		return nil, err
	}
	st, err := db.Prepare("SELECT rowid, title, description FROM " + table + " WHERE rowid IN (SELECT value FROM json_each(?))")
	if err != nil {
		return nil, err
	}
	if s.texts == nil {
		s.texts = map[string]*sql.Stmt{}
	}
	s.texts[table] = st
	return st, nil
}

// Trim deletes the applied part of the log.
func (s *source) Trim(_ context.Context, upTo int64) error {
	_, err := s.app.NonconcurrentDB().NewQuery("DELETE FROM " + changesTable + " WHERE seq <= {:upto}").
		Bind(map[string]any{"upto": upTo}).Execute()
	return err
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

func anys(rowids []int64) []any {
	out := make([]any, len(rowids))
	for i, r := range rowids {
		out[i] = r
	}
	return out
}
