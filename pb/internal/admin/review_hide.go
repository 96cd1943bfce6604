package admin

import (
	"errors"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/refusal"
)

// HideInput is why an administrator hides a review.
type HideInput struct {
	Reason string `json:"reason"`
}

func (f *HideInput) validate() error {
	return apierr.Reason(&f.Reason, "Tell the author why the review is hidden", deals.MaxReason)
}

// HideReview hides an abusive review: out of its subject's rating, its
// author told why (deals.HideReview), the decision logged. It answers the
// review as saved.
func HideReview(app core.App, admin *core.Record, id string, in HideInput) (*core.Record, error) {
	if err := refusal.Fields(in.validate()); err != nil {
		return nil, err
	}
	var review *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		var err error
		review, err = deals.HideReview(tx, id, in.Reason)
		if err != nil {
			return err
		}
		return logAction(tx, admin, actionHideReview, "reviews", id, in.Reason)
	})
	if errors.Is(err, deals.ErrReviewNotFound) {
		return nil, refusal.NotFoundf("Review not found, or hidden already.")
	}
	return review, err
}
