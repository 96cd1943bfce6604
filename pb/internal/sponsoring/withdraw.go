package sponsoring

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/notify"
)

// MaxWithdrawReason bounds the reason a sponsor gives for withdrawing a pledge, in characters.
const MaxWithdrawReason = 500

var (
	errPledgeNotFound = errors.New("sponsoring: no such pledge of the member")
	errWithdrawn      = errors.New("sponsoring: pledge already withdrawn")
)

type withdrawForm struct {
	Reason string `json:"reason"`
}

func (f *withdrawForm) validate() error {
	f.Reason = strings.TrimSpace(f.Reason)
	switch {
	case f.Reason == "":
		return validation.Errors{"reason": apierr.Field("validation_required", "Tell the poster why you are withdrawing")}
	case utf8.RuneCountInString(f.Reason) > MaxWithdrawReason:
		return validation.Errors{"reason": apierr.Field("validation_too_long",
			"Reason must be at most "+strconv.Itoa(MaxWithdrawReason)+" characters")}
	case !utf8.ValidString(f.Reason):
		return validation.Errors{"reason": apierr.Field("validation_invalid", "Reason contains invalid characters")}
	}
	return nil
}

// withdraw lets a sponsor take back their active pledge, with a reason the
// poster reads. In one transaction the commitment turns withdrawn (a
// conditional UPDATE: only an active one), the request's counters go down by
// a conditional UPDATE, and a sponsored request whose pledges now fall short
// opens again unless its event has passed.
func withdraw(e *core.RequestEvent) error {
	me := e.Auth
	form := &withdrawForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	id := e.Request.PathValue("id")
	var (
		commitment *core.Record
		pending    *notify.Pending
	)
	err := e.App.RunInTransaction(func(tx core.App) error {
		if err := membership.Present(e, tx); err != nil {
			return err
		}
		var err error
		commitment, err = tx.FindRecordById("commitments", id)
		if err != nil || commitment.GetString("sponsor") != me.Id {
			return errPledgeNotFound
		}
		now := types.NowDateTime().String()
		res, err := tx.DB().Update("commitments",
			dbx.Params{"status": PledgeWithdrawn, "withdrawReason": form.Reason, "withdrawn": now},
			dbx.HashExp{"id": commitment.Id, "status": PledgeActive}).Execute()
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errWithdrawn
		}
		amount := int64(commitment.GetInt("amount"))
		res, err = tx.DB().NewQuery(`UPDATE sponsorship_requests SET
				pledgedAmount = pledgedAmount - {:amount},
				sponsorCount = sponsorCount - 1,
				status = CASE WHEN status = 'sponsored' AND pledgedAmount - {:amount} < requestedAmount AND ` + eventNotPassedExpr + `
					THEN 'open' ELSE status END,
				updated = {:now}
			WHERE id = {:id} AND pledgedAmount >= {:amount} AND sponsorCount >= 1`).
			Bind(dbx.Params{"amount": amount, "now": now, "id": commitment.GetString("request"),
				"cut": listings.EventPassedBefore(time.Now())}).Execute()
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("sponsoring: the counters of request %s do not hold pledge %s", commitment.GetString("request"), commitment.Id)
		}
		// save both records as well, so listing caches and realtime hear of them
		if commitment, err = tx.FindRecordById("commitments", commitment.Id); err != nil {
			return err
		}
		if err := tx.Save(commitment); err != nil {
			return err
		}
		request, err := tx.FindRecordById("sponsorship_requests", commitment.GetString("request"))
		if err != nil {
			return err
		}
		if err := tx.Save(request); err != nil {
			return err
		}

		title, money := request.GetString("title"), listings.Dollars(amount)
		poster := request.GetString("user")
		if _, err := introduce(tx, introduction{
			from: me.Id, to: poster,
			note: fmt.Sprintf("%s withdrew their pledge of %s to your request “%s”. Reason: %s",
				me.GetString("displayName"), money, title, form.Reason),
			senderNote:  fmt.Sprintf("You withdrew your pledge of %s to the request “%s”. Reason: %s", money, title, form.Reason),
			contextType: "commitment", contextID: commitment.Id,
		}); err != nil {
			return err
		}
		pending, err = notify.Create(tx, notify.Note{
			UserID:  poster,
			Type:    notify.TypeSponsorship,
			Title:   fmt.Sprintf("%s withdrew their %s pledge to “%s”", notify.Clip(me.GetString("displayName"), 40), money, notify.Clip(title, 100)),
			Body:    form.Reason,
			Link:    "/messages",
			Subject: commitment.Id,
		})
		return err
	})
	switch {
	case errors.Is(err, errPledgeNotFound):
		return e.NotFoundError("Pledge not found.", nil)
	case errors.Is(err, errWithdrawn):
		return e.Error(http.StatusConflict, "This pledge was already withdrawn.", nil)
	case err != nil:
		return apierr.Or500(e, err)
	}
	notify.Mail(e.App, pending)
	return e.JSON(http.StatusOK, ToCommitment(e.App, commitment))
}
