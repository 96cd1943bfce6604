package sponsoring

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/notify"
)

// MaxWithdrawReason bounds the reason a sponsor gives for withdrawing a pledge, in characters.
const MaxWithdrawReason = 500

var (
	errPledgeNotFound = errors.New("sponsoring: no such pledge of the member")
)

type withdrawForm struct {
	Reason string `json:"reason"`
}

func (f *withdrawForm) validate() error {
	return apierr.Reason(&f.Reason, "Tell the poster why you are withdrawing", MaxWithdrawReason)
}

// withdraw lets a sponsor take back their active pledge, with a reason the
// poster reads. In one transaction the commitment turns withdrawn (only an
// active one), the request's counters go down (only while they hold the
// pledge), each by guarded.Update, and a sponsored request whose pledges now
// fall short opens again unless its event has passed.
func withdraw(e *core.RequestEvent) error {
	me := e.Auth
	form := &withdrawForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	id := e.Request.PathValue("id")
	var commitment *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		if err := membership.Present(e, tx); err != nil {
			return err
		}
		var err error
		commitment, err = tx.FindRecordById("commitments", id)
		if err != nil || commitment.GetString("sponsor") != me.Id {
			return errPledgeNotFound
		}
		if err := deals.WithdrawPledge(tx, commitment, me.Id, form.Reason); err != nil {
			return err
		}
		amount := int64(commitment.GetInt("amount"))
		if commitment, err = tx.FindRecordById("commitments", commitment.Id); err != nil {
			return err
		}
		request, err := tx.FindRecordById("sponsorship_requests", commitment.GetString("request"))
		if err != nil {
			return err
		}

		title, pledge := request.GetString("title"), money.Dollars(amount)
		poster := request.GetString("user")
		if _, err := introduce(tx, introduction{
			from: me.Id, to: poster,
			note: fmt.Sprintf("%s withdrew their pledge of %s to your request “%s”. Reason: %s",
				me.GetString("displayName"), pledge, title, form.Reason),
			senderNote:  fmt.Sprintf("You withdrew your pledge of %s to the request “%s”. Reason: %s", pledge, title, form.Reason),
			contextType: "commitment", contextID: commitment.Id,
		}); err != nil {
			return err
		}
		err = notify.Create(tx, notify.Note{
			UserID:  poster,
			Type:    notify.TypeSponsorship,
			Title:   fmt.Sprintf("%s withdrew their %s pledge to “%s”", notify.Clip(me.GetString("displayName"), 40), pledge, notify.Clip(title, 100)),
			Body:    form.Reason,
			Link:    "/messages",
			Subject: commitment.Id,
		})
		return err
	})
	switch {
	case errors.Is(err, errPledgeNotFound):
		return e.NotFoundError("Pledge not found.", nil)
	case errors.Is(err, deals.ErrPledgeFunded):
		return e.Error(http.StatusConflict, "This pledge's deal is funded: it can no longer be withdrawn. Ask to cancel the deal instead.", nil)
	case errors.Is(err, deals.ErrPledgeGone):
		return e.Error(http.StatusConflict, "This pledge was already withdrawn.", nil)
	case err != nil:
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusOK, ToCommitment(e.App, commitment))
}
