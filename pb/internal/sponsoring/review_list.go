package sponsoring

import (
	"cmp"
	"encoding/json"
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/matching"
	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/internal/refusal"
)

// MaxRanked bounds the applications sort=match ranks: the newest
// MaxRanked of the filter, ranked in Go (the fit is no SQL); older ones
// follow them newest first (docs/security.md, "Limits"). It is the largest
// application cap, and a multiple of the page size, so no page straddles
// the two.
const MaxRanked = 500

// maxRanked is MaxRanked (a test ranks fewer).
var maxRanked = MaxRanked

// Review sorts.
const (
	SortNewest      = "newest"
	SortMatch       = "match"
	SortReliability = "reliability"
	SortAudience    = "audience"
)

// ReviewQuery is what the poster's applications view asks for: a status
// ("" for every status but withdrawn), starred ones only, a sort, a page.
type ReviewQuery struct {
	Status      string
	Shortlisted bool
	Sort        string
	Page        paging.Params
}

// reviewApplications answers GET /api/sponsorships/{id}/applications (ReviewPage).
func reviewApplications(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	p, err := paging.FromRequest(e, perPage, 0)
	if err != nil {
		return err
	}
	query := ReviewQuery{Status: q.Get("status"), Sort: q.Get("sort"), Page: p}
	switch q.Get("shortlisted") {
	case "true", "1":
		query.Shortlisted = true
	case "", "false", "0":
	default:
		return e.BadRequestError("Shortlisted must be true or false.", nil)
	}
	items, page, err := ReviewPage(e.App, e.Auth, e.Request.PathValue("id"), query)
	if err != nil {
		return err
	}
	return paging.Answer(e, items, page)
}

// ReviewPage is one page of the applications to the offer offerID, as
// its poster me reads them (anyone else: not found), filtered and sorted
// as q asks, ties newest first.
func ReviewPage(app core.App, me *core.Record, offerID string, q ReviewQuery) ([]ReviewItem, paging.Page, error) {
	page := paging.Page{Params: q.Page}
	if err := q.validate(); err != nil {
		return nil, page, err
	}
	offer, err := posterOffer(app, me, offerID)
	if err != nil {
		return nil, page, err
	}
	where := q.filter(offer)
	var rows []*core.Record
	if q.Sort == SortMatch && q.Page.Offset() < maxRanked {
		rows, page.HasMore, err = rankedPage(app, offer, where, q.Page)
	} else {
		rows, page.HasMore, err = sortedPage(app, where, q.Sort, q.Page)
	}
	if err != nil {
		return nil, page, err
	}
	items, err := toReviewItems(app, offer, rows)
	return items, page, err
}

// validate refuses a sort or a status the view does not know.
func (q ReviewQuery) validate() error {
	switch q.Sort {
	case "", SortNewest, SortMatch, SortReliability, SortAudience:
	default:
		return refusal.Invalidf("Sort must be newest, match, reliability or audience.", nil)
	}
	switch q.Status {
	case "", StatusPending, StatusAccepted, StatusDeclined, StatusWithdrawn:
	default:
		return refusal.Invalidf("Status must be pending, accepted, declined or withdrawn.", nil)
	}
	return nil
}

// filter is the query's status (every one but withdrawn when none is
// named) and star as a condition on the offer's applications.
func (q ReviewQuery) filter(offer *core.Record) dbx.Expression {
	where := []dbx.Expression{dbx.HashExp{"applications.sponsorship": offer.Id}}
	if q.Status == "" {
		where = append(where, dbx.Not(dbx.HashExp{"applications.status": StatusWithdrawn}))
	} else {
		where = append(where, dbx.HashExp{"applications.status": q.Status})
	}
	if q.Shortlisted {
		where = append(where, dbx.HashExp{"applications.shortlisted": true})
	}
	return dbx.And(where...)
}

// posterOffer is the offer offerID when me posted it; anyone else learns
// nothing of it.
func posterOffer(app core.App, me *core.Record, offerID string) (*core.Record, error) {
	offer, err := app.FindRecordById(listings.Sponsorships.Table, offerID)
	if err != nil || offer.GetString("user") != me.Id {
		return nil, refusal.NotFoundf(msgListingNotFound)
	}
	return offer, nil
}

// sortedPage reads a page sorted in SQL: newest first, or by the
// applicant's reliability (reliable first, then completed deals) or
// audience (largest first), ties newest first; past the ranked ones, the
// rest of a sort by match.
func sortedPage(app core.App, where dbx.Expression, sort string, p paging.Params) ([]*core.Record, bool, error) {
	order := []string{"applications.created DESC", "applications.rowid DESC"}
	switch sort {
	case SortReliability:
		order = append([]string{"u.isReliable DESC", "u.dealsCompleted DESC"}, order...)
	case SortAudience:
		order = append([]string{"u.audience DESC"}, order...)
	}
	var rows []*core.Record
	err := app.RecordQuery("applications").LeftJoin("users u", dbx.NewExp("u.id = applications.applicant")).
		AndWhere(where).OrderBy(order...).Limit(int64(p.PerPage) + 1).Offset(int64(p.Offset())).All(&rows)
	if err != nil {
		return nil, false, err
	}
	rows, hasMore := paging.Trim(rows, p.PerPage)
	return rows, hasMore, nil
}

// rankedPage reads a page sorted by match: the newest MaxRanked
// applications of the filter, their applicants' events read with them in
// one query, ranked by matching.ApplicantFit (ties newest first), and the
// page's applications read by id.
func rankedPage(app core.App, offer *core.Record, where dbx.Expression, p paging.Params) ([]*core.Record, bool, error) {
	var events []struct {
		ID         string `db:"id"`
		Location   string `db:"eventLocation"`
		Categories string `db:"eventCategories"`
		Audience   int    `db:"audience"`
	}
	err := app.DB().Select("applications.id", "COALESCE(u.eventLocation, '') AS eventLocation",
		"COALESCE(u.eventCategories, '[]') AS eventCategories", "COALESCE(u.audience, 0) AS audience").
		From("applications").LeftJoin("users u", dbx.NewExp("u.id = applications.applicant")).
		Where(where).OrderBy("applications.created DESC", "applications.rowid DESC").Limit(int64(maxRanked) + 1).All(&events)
	if err != nil {
		return nil, false, err
	}
	more := len(events) > maxRanked
	events = events[:min(len(events), maxRanked)]
	wants := rulesOf(offer).wants
	type ranked struct {
		id    string
		score float64
	}
	order := make([]ranked, len(events))
	for i, ev := range events {
		p := eligibility.Profile{EventLocation: ev.Location, Audience: ev.Audience}
		_ = json.Unmarshal([]byte(ev.Categories), &p.EventCategories)
		order[i] = ranked{id: ev.ID, score: matching.ApplicantFit(wants, p).Score}
	}
	slices.SortStableFunc(order, func(a, b ranked) int { return cmp.Compare(b.score, a.score) })
	from := min(p.Offset(), len(order))
	to := min(from+p.PerPage, len(order))
	ids := make([]string, 0, to-from)
	for _, r := range order[from:to] {
		ids = append(ids, r.id)
	}
	rows, err := recordsInOrder(app, ids)
	return rows, to < len(order) || more, err
}

// recordsInOrder reads the applications ids in one query, in the order
// given (those deleted meanwhile left out).
func recordsInOrder(app core.App, ids []string) ([]*core.Record, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	found, err := app.FindRecordsByIds("applications", ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*core.Record, len(found))
	for _, r := range found {
		byID[r.Id] = r
	}
	out := make([]*core.Record, 0, len(ids))
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}
