package deals

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/when"
)

// Reviews (docs/api/deals.md, "Reviews"): once a deal is completed, or 30
// days after the event of a funded deal, each side may review the other
// once. A review is shown when both sides have written, or BlindFor after
// the first; the reviewed member may reply once; administrators may hide one.
const (
	MaxReviewText = 2000
	// BlindFor keeps the first review of a deal unseen while the other side
	// has not written theirs, so neither answers the other's words.
	BlindFor = 14 * 24 * time.Hour
	// ReviewAfterEvent opens the reviews of a funded deal that never
	// reached completed, counted from the listing's event date.
	ReviewAfterEvent = 30 * 24 * time.Hour
)

func shown(r *core.Record, now time.Time) bool {
	return !r.GetBool("hidden") && !r.GetDateTime("visibleAt").Time().After(now)
}

// reviewWindow says whether the deal's reviews are open at now and, for a
// funded deal that is not completed, when they open.
func reviewWindow(app core.App, d *core.Record, now time.Time) (open bool, opensAt time.Time) {
	switch d.GetString("status") {
	case StatusCompleted:
		return true, time.Time{}
	case StatusFunded, StatusDelivered, StatusDisputed:
		if d.GetDateTime("fundedAt").IsZero() {
			return false, time.Time{}
		}
		listing, err := app.FindRecordById(d.GetString("listingKind"), d.GetString("listingId"))
		if err != nil || listing.GetDateTime("eventDate").IsZero() {
			return false, time.Time{}
		}
		opensAt = listing.GetDateTime("eventDate").Time().Add(ReviewAfterEvent)
		return !now.Before(opensAt), opensAt
	}
	return false, time.Time{}
}

// reviewsOf is the deal's reviews as member sees them.
func reviewsOf(app core.App, d *core.Record, member string) (*DealReviews, error) {
	now := time.Now()
	var rows []*core.Record
	if err := app.RecordQuery("reviews").AndWhere(dbx.HashExp{"deal": d.Id}).All(&rows); err != nil {
		return nil, err
	}
	ids := make([]string, 0, 2*len(rows))
	for _, r := range rows {
		ids = append(ids, r.GetString("author"), r.GetString("subject"))
	}
	people, err := accounts.LoadPeople(app, ids...)
	if err != nil {
		return nil, err
	}
	out := &DealReviews{}
	for _, r := range rows {
		rv := reviewOf(r, d, people)
		rv.Hidden, rv.HiddenReason = false, ""
		switch {
		case r.GetString("author") == member:
			if r.GetBool("hidden") {
				rv.Body = "" // hidden by the administrators: the author was told why
			}
			out.Mine = &rv
		case shown(r, now):
			out.Theirs = &rv
		case !r.GetBool("hidden"):
			out.TheirsWritten = true
		}
	}
	open, opensAt := reviewWindow(app, d, now)
	out.Open = open && out.Mine == nil
	if !open && !opensAt.IsZero() {
		out.OpensAt = when.API(opensAt)
	}
	return out, nil
}

// publish counts a shown review into its subject's rating, once: the
// conditional UPDATE on counted makes a second call (the job and a second
// review at once) change nothing.
func publish(tx core.App, id string) error {
	now := types.NowDateTime().String()
	res, err := tx.DB().NewQuery(`UPDATE reviews SET counted = 1 WHERE id = {:id} AND counted = 0 AND hidden = 0
		AND visibleAt <= {:now}`).Bind(dbx.Params{"id": id, "now": now}).Execute()
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return err
	}
	_, err = tx.DB().NewQuery(`UPDATE users SET ratingSum = ratingSum + (SELECT rating FROM reviews WHERE id = {:id}),
		ratingCount = ratingCount + 1 WHERE id = (SELECT subject FROM reviews WHERE id = {:id})`).
		Bind(dbx.Params{"id": id}).Execute()
	return err
}
