package deals

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// WriteReview: a member of deal dealID reviews the other side, once. When
// the other side has written already, both reviews are shown from now on
// and counted into both ratings, in the same transaction; otherwise this
// one waits BlindFor. It answers the review and its deal.
func WriteReview(app core.App, dealID string, me *core.Record, in ReviewInput) (review, d *core.Record, err error) {
	if err := invalid(in.validate()); err != nil {
		return nil, nil, err
	}
	d, err = app.FindRecordById("deals", dealID)
	if err != nil || (d.GetString("sponsor") != me.Id && d.GetString("recipient") != me.Id) {
		return nil, nil, errDealNotFound
	}
	subject := other(d, me.Id)
	if subject == "" {
		return nil, nil, refusal.Conflictf("The other side of this deal deleted their account: there is no one to review.")
	}
	now := time.Now().UTC()
	if open, opensAt := reviewWindow(app, d, now); !open {
		msg := "Reviews open when the deal is completed, or 30 days after the event of a funded deal."
		if !opensAt.IsZero() {
			msg = fmt.Sprintf("Reviews of this deal open on %s, 30 days after its event.", when.Date(opensAt))
		}
		return nil, nil, refusal.Conflictf(msg)
	}
	if _, err := app.FindFirstRecordByFilter("reviews", "deal = {:d} && author = {:a}", dbx.Params{"d": d.Id, "a": me.Id}); err == nil {
		return nil, nil, errReviewedAlready
	}
	err = app.RunInTransaction(func(tx core.App) error {
		c, err := tx.FindCachedCollectionByNameOrId("reviews")
		if err != nil {
			return err
		}
		// written first: the insert takes the write lock, so the read of the
		// other side's review below sees any that committed before
		review = core.NewRecord(c)
		review.Load(map[string]any{"deal": d.Id, "author": me.Id, "subject": subject, "rating": in.rating,
			"body": in.Body, "visibleAt": types.NowDateTime().Add(BlindFor)})
		if err := tx.Save(review); err != nil {
			if _, found := tx.FindFirstRecordByFilter("reviews", "deal = {:d} && author = {:a}", dbx.Params{"d": d.Id, "a": me.Id}); found == nil {
				return errReviewedAlready
			}
			return err
		}
		theirs, err := tx.FindFirstRecordByFilter("reviews", "deal = {:d} && author = {:a}", dbx.Params{"d": d.Id, "a": subject})
		title := fmt.Sprintf("%s reviewed your deal %s: write yours to read theirs (it is shown in 14 days either way)", name(me), titleOf(d))
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return err
		default:
			if review, err = showBoth(tx, d.Id, review.Id, theirs.Id); err != nil {
				return err
			}
			title = fmt.Sprintf("%s reviewed your deal %s: both reviews are shown now", name(me), titleOf(d))
		}
		if err := record(tx, d.Id, me.Id, "reviewed", fmt.Sprintf("%s wrote a review.", name(me))); err != nil {
			return err
		}
		return notify.Create(tx, notify.Note{UserID: subject, Type: notify.TypeDeal, Title: title,
			Link: "/deals/" + d.Id, Subject: review.Id})
	})
	if err != nil {
		return nil, nil, err
	}
	return review, d, nil
}

// errReviewedAlready: the member wrote their review of the deal already.
var errReviewedAlready = refusal.Conflictf("You have already reviewed this deal.")

// showBoth shows the deal's two reviews from now on (mine, just written,
// and theirs) and counts them into their subjects' ratings; it answers mine
// as stored.
func showBoth(tx core.App, dealID, mine, theirs string) (*core.Record, error) {
	nowStamp := types.NowDateTime().String()
	if _, err := tx.DB().Update("reviews", dbx.Params{"visibleAt": nowStamp, "updated": nowStamp},
		dbx.And(dbx.HashExp{"deal": dealID}, dbx.NewExp("visibleAt > {:now}", dbx.Params{"now": nowStamp}))).Execute(); err != nil {
		return nil, err
	}
	for _, id := range []string{mine, theirs} {
		if err := publish(tx, id); err != nil {
			return nil, err
		}
	}
	return tx.FindRecordById("reviews", mine)
}

// ----------------------------------------------------------------

// ReviewInput is the body of POST /api/deals/{id}/review.
type ReviewInput struct {
	// Rating is read as any JSON value, so that a fraction, a string or null
	// answers the rating's own message rather than "not valid JSON".
	Rating json.RawMessage `json:"rating"`
	Body   string          `json:"body"`
	rating int
}

func (f *ReviewInput) validate() error {
	errs := validation.Errors{}
	var n float64
	if err := json.Unmarshal(f.Rating, &n); err != nil || n != math.Trunc(n) || n < 1 || n > 5 {
		errs["rating"] = apierr.Field("validation_invalid_rating", "Choose a rating from 1 to 5")
	} else {
		f.rating = int(n)
	}
	var bodyErrs validation.Errors
	if errors.As(apierr.Text("body", "Review", &f.Body, "Tell others how the deal went", MaxReviewText), &bodyErrs) {
		for k, v := range bodyErrs {
			errs[k] = v
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
