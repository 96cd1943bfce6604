package deals

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/notify"
)

// replyToReview: the reviewed member answers a shown review, once.
func replyToReview(e *core.RequestEvent) error {
	form := &replyForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	r, err := e.App.FindRecordById("reviews", e.Request.PathValue("id"))
	switch {
	case err != nil || r.GetBool("hidden") || (r.GetString("author") != e.Auth.Id && r.GetString("subject") != e.Auth.Id):
		return e.NotFoundError("Review not found.", nil)
	case r.GetString("subject") != e.Auth.Id:
		return e.ForbiddenError("Only the reviewed member can reply.", nil)
	case !shown(r, time.Now()):
		return conflict(e, "You can reply once the review is shown.")
	}
	err = e.App.RunInTransaction(func(tx core.App) error {
		nowStamp := types.NowDateTime().String()
		res, err := tx.DB().Update("reviews", dbx.Params{"reply": form.Body, "repliedAt": nowStamp, "updated": nowStamp},
			dbx.HashExp{"id": r.Id, "reply": "", "hidden": false}).Execute()
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errReviewed
		}
		if r, err = tx.FindRecordById("reviews", r.Id); err != nil {
			return err
		}
		if author := r.GetString("author"); author != "" {
			err = notify.Create(tx, notify.Note{UserID: author, Type: notify.TypeDeal,
				Title: fmt.Sprintf("%s replied to your review", name(e.Auth)), Body: notify.Clip(form.Body, 300),
				Link: "/deals/" + r.GetString("deal"), Subject: r.Id})
		}
		return err
	})
	switch {
	case errors.Is(err, errReviewed):
		return conflict(e, "You have already replied to this review.")
	case err != nil:
		return apierr.Or500(e, err)
	}
	d, _ := e.App.FindRecordById("deals", r.GetString("deal"))
	return e.JSON(http.StatusOK, toReview(e.App, r, d))
}

// ----------------------------------------------------------------

type replyForm struct {
	Body string `json:"body"`
}

func (f *replyForm) validate() error {
	return apierr.Text("body", "Reply", &f.Body, "Write your reply", MaxReviewText)
}
