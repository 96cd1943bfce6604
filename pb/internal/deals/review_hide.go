package deals

import (
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/notify"
)

// ErrReviewNotFound: no such review, or it is hidden already.
var ErrReviewNotFound = errors.New("deals: no review to hide")

// HideReview hides an abusive review as an administrator decided, in the
// caller's transaction: taken out of its subject's rating when it was
// counted, and its author told why. It answers the review.
func HideReview(tx core.App, id, reason string) (*core.Record, error) {
	r, err := tx.FindRecordById("reviews", id)
	if err != nil {
		return nil, ErrReviewNotFound
	}
	now := types.NowDateTime().String()
	res, err := tx.DB().Update("reviews", dbx.Params{"hidden": true, "hiddenReason": reason, "hiddenAt": now,
		"counted": false, "updated": now}, dbx.HashExp{"id": id, "hidden": false}).Execute()
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return nil, ErrReviewNotFound
	}
	if r.GetBool("counted") {
		if _, err := tx.DB().NewQuery(`UPDATE users SET ratingSum = MAX(ratingSum - {:rating}, 0),
			ratingCount = MAX(ratingCount - 1, 0) WHERE id = {:subject}`).
			Bind(dbx.Params{"rating": r.GetInt("rating"), "subject": r.GetString("subject")}).Execute(); err != nil {
			return nil, err
		}
	}
	if r, err = tx.FindRecordById("reviews", id); err != nil {
		return nil, err
	}
	if author := r.GetString("author"); author != "" {
		err = notify.Create(tx, notify.Note{UserID: author, Type: notify.TypeDeal,
			Title: "The administrators hid your review", Body: reason,
			Link: "/deals/" + r.GetString("deal"), Subject: r.Id})
	}
	return r, err
}
