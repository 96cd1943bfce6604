package deals

import (
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

// ReplyToReview: the reviewed member answers a shown review, once. It
// answers the review and its deal (nil when the deal cannot be read).
func ReplyToReview(app core.App, reviewID string, me *core.Record, in ReplyInput) (r, d *core.Record, err error) {
	if err := invalid(in.validate()); err != nil {
		return nil, nil, err
	}
	r, err = app.FindRecordById("reviews", reviewID)
	switch {
	case err != nil || r.GetBool("hidden") || (r.GetString("author") != me.Id && r.GetString("subject") != me.Id):
		return nil, nil, refusal.NotFoundf("Review not found.")
	case r.GetString("subject") != me.Id:
		return nil, nil, refusal.Forbiddenf("Only the reviewed member can reply.")
	case !shown(r, time.Now()):
		return nil, nil, refusal.Conflictf("You can reply once the review is shown.")
	}
	err = app.RunInTransaction(func(tx core.App) error {
		nowStamp := types.NowDateTime().String()
		// one conditional statement: a second reply at once changes nothing
		res, err := tx.DB().Update("reviews", dbx.Params{"reply": in.Body, "repliedAt": nowStamp, "updated": nowStamp},
			dbx.HashExp{"id": r.Id, "reply": "", "hidden": false}).Execute()
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errRepliedAlready
		}
		if r, err = tx.FindRecordById("reviews", r.Id); err != nil {
			return err
		}
		if author := r.GetString("author"); author != "" {
			err = notify.Create(tx, notify.Note{UserID: author, Type: notify.TypeDeal,
				Title: fmt.Sprintf("%s replied to your review", name(me)), Body: notify.Clip(in.Body, 300),
				Link: "/deals/" + r.GetString("deal"), Subject: r.Id})
		}
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	d, _ = app.FindRecordById("deals", r.GetString("deal"))
	return r, d, nil
}

// errRepliedAlready: the reviewed member replied already.
var errRepliedAlready = refusal.Conflictf("You have already replied to this review.")

// ----------------------------------------------------------------

// ReplyInput is the body of POST /api/reviews/{id}/reply.
type ReplyInput struct {
	Body string `json:"body"`
}

func (f *ReplyInput) validate() error {
	return apierr.Text("body", "Reply", &f.Body, "Write your reply", MaxReviewText)
}
