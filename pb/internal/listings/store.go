package listings

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/search"
)

// Store answers list queries through the search engine, which says which
// listings match and in what order; the rows themselves are read here, one
// query per page, and kept encoded as cards (cards.go).
type Store struct {
	app    core.App
	engine *search.Engine
	stmts  *stmtCache
	cards  *cardCache
}

// NewStore makes a store over the engine; the engine's change log keeps
// the store's cards exact.
func NewStore(app core.App, engine *Engine) *Store {
	return &Store{app: app, engine: engine.Engine, stmts: newStmtCache(app), cards: engine.src.cards}
}

// Viewer is who is asking: it decides whether rejected listings and
// rejection reasons are visible, and which requests are open to them
// ("Open to my industry": their industry, read server-side).
type Viewer struct {
	ID      string
	IsAdmin bool
	// Industry is the member's industry: a request closed to it says so
	// (IndustryConflict), and openToMe leaves it out (ForViewer).
	Industry string
	// Profile is the member's events and marks, read once a request from
	// their record: what an offer's eligibility rules check, on its cards
	// and with eligibleOnly (ForViewer); nil: none known (a visitor, or a
	// job's viewer).
	Profile *eligibility.Profile
}

// Page is one page of a list answer.
type Page struct {
	// Items are the page's listings as cards with the viewer's marks; they
	// write themselves as the JSON array the list route sends.
	Items   Cards
	HasMore bool
	// Next is the cursor of the following page (when HasMore).
	Next string
	// Total is the number of matches, when asked for (the first page);
	// Estimated says it was estimated from part of the index.
	Total     int
	HasTotal  bool
	Estimated bool
}

// List answers one page of matches.
func (s *Store) List(ctx context.Context, kind Kind, q *ListRequest, viewer Viewer) (*Page, error) {
	sq := searchQuery(q, viewer)
	res, err := s.engine.Search(ctx, kind.Table, sq)
	if err != nil {
		return nil, err
	}
	cards, err := s.cardsOf(kind, res.Rowids, viewer)
	if err != nil {
		return nil, fmt.Errorf("listings: list %s: %w", kind.Table, err)
	}
	items, err := s.mark(kind, cards, viewer)
	if err != nil {
		return nil, fmt.Errorf("listings: list %s: %w", kind.Table, err)
	}
	return &Page{Items: items, HasMore: res.HasMore, Next: res.Next,
		Total: res.Total, HasTotal: sq.Total, Estimated: res.Estimated}, nil
}

// searchQuery is the engine's query of a list request for viewer.
func searchQuery(q *ListRequest, viewer Viewer) *search.Query {
	// Rejected listings show only in a poster's own list, or to administrators
	// who ask for a member's list.
	poster := q.Filter.PosterID
	includeHidden := poster != "" && (poster == viewer.ID || viewer.IsAdmin)
	sq := &search.Query{
		Filter: ForViewer(q.Filter, viewer),
		Sort:   q.Sort,
		After:  q.Cursor,
		Offset: (q.Page - 1) * q.PerPage,
		Limit:  q.PerPage,
		Total:  q.Cursor == "",
	}
	sq.IncludeHidden = includeHidden
	return sq
}

// ForViewer is f with the viewer's side of its conditions: OpenToMe reads
// the viewer's industry, EligibleOnly their profile (never the client's
// word for either); a visitor's EligibleOnly leaves out nothing.
func ForViewer(f search.Filter, viewer Viewer) search.Filter {
	f.Industry, f.Applicant = "", nil
	if f.OpenToMe {
		f.Industry = viewer.Industry
	}
	if f.EligibleOnly && viewer.Profile != nil {
		f.Applicant = SearchApplicant(*viewer.Profile)
	}
	return f
}

// cardsOf answers the cards of rowids in their order: kept ones from the
// cache, the others read (and kept, unless rejected); a row deleted since
// the engine answered is left out.
func (s *Store) cardsOf(kind Kind, rowids []int64, viewer Viewer) ([]*card, error) {
	now := time.Now().Unix()
	cards := make([]*card, len(rowids))
	gen := s.cards.lookup(kind.Table, rowids, now, cards)
	var missing []int64
	for i, cd := range cards {
		if cd == nil {
			missing = append(missing, rowids[i])
		}
	}
	if len(missing) > 0 {
		rows, err := s.byRowids(kind, missing)
		if err != nil {
			return nil, err
		}
		read := make(map[int64]*card, len(rows))
		usersID := s.usersCollectionID()
		ls := make([]Listing, len(rows))
		page := make([]*Listing, len(rows))
		for i := range rows {
			ls[i] = rows[i].toListing(kind, usersID, rows[i].reasonVisibleTo(viewer))
			page[i] = &ls[i]
		}
		at := time.Unix(now, 0)
		if err := s.withTiers(page, at); err != nil {
			return nil, err
		}
		for i := range rows {
			r, l := &rows[i], &ls[i]
			cd, err := encodeCard(l)
			if err != nil {
				return nil, err
			}
			if kind.IsRequest {
				cd.expires = tiersExpire(l, cardExpires(r.Status.String, r.EventDate.String, now), at)
				cd.exclusive, cd.clashing = l.ExclusiveIndustries, l.ClashingIndustries
			}
			cd.rules = l.rules
			read[r.rowid] = cd
			if !r.rejected() {
				s.cards.put(gen, kind.Table, r.rowid, cd)
			}
		}
		for i, cd := range cards {
			if cd == nil {
				cards[i] = read[rowids[i]]
			}
		}
	}
	out := cards[:0]
	for _, cd := range cards {
		if cd != nil {
			out = append(out, cd)
		}
	}
	return out, nil
}

// mark adds the viewer's marks to the cards of others: Applied on offers,
// MyPledge on requests (one query for the page).
func (s *Store) mark(kind Kind, cards []*card, viewer Viewer) (Cards, error) {
	items := make(Cards, len(cards))
	for i, cd := range cards {
		items[i].card = cd
		items[i].eligibility = eligibilityFor(cd.rules, cd.user, viewer)
	}
	if viewer.ID == "" {
		return items, nil
	}
	ids := make([]any, 0, len(cards))
	for _, cd := range cards {
		if cd.user != viewer.ID {
			ids = append(ids, cd.id)
		}
	}
	applied, pledges, err := s.marksOn(kind, viewer, ids)
	if err != nil {
		return nil, err
	}
	for i := range items {
		items[i].pledge = pledges[items[i].card.id]
		if items[i].card.user != viewer.ID {
			items[i].conflict = conflictOf(viewer, items[i].card.exclusive, items[i].card.clashing)
		}
		if applied != nil && items[i].card.user != viewer.ID {
			items[i].applied = new(applied[items[i].card.id])
		}
	}
	return items, nil
}

// byRowids reads the rows of a page in the engine's order (a row deleted
// since the engine answered is left out).
func (s *Store) byRowids(kind Kind, rowids []int64) ([]row, error) {
	if len(rowids) == 0 {
		return nil, nil
	}
	sq := &sqlq{}
	sq.add("SELECT t.rowid, " + s.columns(kind) + " FROM " + kind.Table + " t LEFT JOIN users u ON u.id = t.user WHERE t.rowid IN (" +
		strings.TrimSuffix(strings.Repeat("?,", len(rowids)), ",") + ")")
	for _, r := range rowids {
		sq.args = append(sq.args, r)
	}
	found, err := s.scan(sq, true, len(rowids))
	if err != nil {
		return nil, err
	}
	// Put the rows in the engine's order in place: the k-th rowid found
	// is swapped into slot k.
	at := make(map[int64]int, len(found))
	for i := range found {
		at[found[i].rowid] = i
	}
	k := 0
	for _, r := range rowids {
		i, ok := at[r]
		if !ok {
			continue
		}
		if i != k {
			found[i], found[k] = found[k], found[i]
			at[found[i].rowid] = i
		}
		delete(at, r) // a rowid asked twice is put once
		k++
	}
	return found[:k], nil
}

// Find reads one listing by id (rejected ones included: callers decide).
func (s *Store) Find(kind Kind, id string) (*row, error) { return s.find(kind, id, false) }

// find reads one listing by id; withPoster also reads its poster's profile
// (row.rules: Probe).
func (s *Store) find(kind Kind, id string, withPoster bool) (*row, error) {
	sq := &sqlq{}
	prefix := ""
	if withPoster {
		prefix = posterEventsColumns + ", "
	}
	sq.add("SELECT "+prefix+s.columns(kind)+" FROM "+kind.Table+" t LEFT JOIN users u ON u.id = t.user WHERE t.id = ? LIMIT 1", id)
	rows, err := s.scanWith(sq, false, withPoster, 1)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, sql.ErrNoRows
	}
	return &rows[0], nil
}

// ToListing maps a row for a viewer, with its packages.
func (s *Store) ToListing(kind Kind, r *row, viewer Viewer) (Listing, error) {
	l := r.toListing(kind, s.usersCollectionID(), r.reasonVisibleTo(viewer))
	l.Eligibility = eligibilityFor(l.rules, l.UserID, viewer)
	return l, s.withTiers([]*Listing{&l}, time.Now())
}

// columns lists the selected columns in the order scan reads them.
func (s *Store) columns(kind Kind) string {
	extra, packages := "NULL, t.status, NULL, NULL", "NULL, NULL, NULL, NULL, NULL, t.criteria, t.questions, t.applicationCap, t.applicationCount"
	if kind.IsRequest {
		extra = "t.eventDate, t.status, t.pledgedAmount, t.sponsorCount"
		packages = "t.hasTiers, t.tiersOnly, t.holdDays, t.clashingIndustries, t.exclusiveIndustries, NULL, NULL, NULL, NULL"
	}
	return "t.id, t.title, t.description, t." + kind.AmountField + ", t.location, t.categories, t.user, " +
		"t.created, t.updated, t.approved, t.reviewed, t.rejectionReason, " + extra + ", " +
		"u.username, u.displayName, u.isVerified, u.avatar, u.isReliable, u.dealsCompleted, u.ratingSum, u.ratingCount, " +
		"u.audience, u.audienceProvenance, " + packages
}

func (s *Store) scan(sq *sqlq, withRowid bool, sizeHint int) ([]row, error) {
	return s.scanWith(sq, withRowid, false, sizeHint)
}

// scanWith is scan, reading posterEventsColumns first when withPoster.
func (s *Store) scanWith(sq *sqlq, withRowid, withPoster bool, sizeHint int) ([]row, error) {
	res, err := s.stmts.query(sq)
	if err != nil {
		return nil, err
	}
	defer res.Close()
	// Each row is read in place (no row of its own on the heap, no copy
	// when the slice grows past the hint), through one dest slice.
	rows := make([]row, 0, sizeHint)
	dest := make([]any, 0, 36)
	for res.Next() {
		rows = append(rows, row{})
		r := &rows[len(rows)-1]
		dest = dest[:0]
		if withRowid {
			dest = append(dest, &r.rowid)
		}
		if withPoster {
			dest = r.poster.dest(dest)
		}
		dest = append(dest, &r.ID, &r.Title, &r.Description, &r.Amount, &r.Location, &r.Categories, &r.User,
			&r.Created, &r.Updated, &r.Approved, &r.Reviewed, &r.RejectionReason, &r.EventDate, &r.Status, &r.PledgedAmount, &r.SponsorCount,
			&r.Username, &r.DisplayName, &r.IsVerified, &r.Avatar, &r.IsReliable, &r.DealsCompleted, &r.RatingSum, &r.RatingCount,
			&r.Audience, &r.AudienceProvenance, &r.HasTiers, &r.TiersOnly, &r.HoldDays, &r.Clashing, &r.Exclusive, &r.Criteria, &r.Questions, &r.ApplicationCap, &r.Count)
		if err := res.Scan(dest...); err != nil {
			return nil, err
		}
	}
	return rows, res.Err()
}

func (s *Store) usersCollectionID() string {
	c, err := s.app.FindCachedCollectionByNameOrId("users")
	if err != nil {
		return "users"
	}
	return c.Id
}

// ByRowids reads listings in the given order as the viewer sees them.
func (s *Store) ByRowids(kind Kind, rowids []int64, viewer Viewer) ([]Listing, error) {
	rows, err := s.byRowids(kind, rowids)
	if err != nil {
		return nil, err
	}
	out := make([]Listing, 0, len(rows))
	usersID := s.usersCollectionID()
	for i := range rows {
		l := rows[i].toListing(kind, usersID, rows[i].reasonVisibleTo(viewer))
		l.Eligibility = eligibilityFor(l.rules, l.UserID, viewer)
		out = append(out, l)
	}
	page := make([]*Listing, len(out))
	for i := range out {
		page[i] = &out[i]
	}
	return out, s.withTiers(page, time.Now())
}
