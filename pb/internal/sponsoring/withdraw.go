package sponsoring

import (
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

// MaxWithdrawReason bounds the reason a sponsor gives for withdrawing a pledge, in characters.
const MaxWithdrawReason = 500

var errPledgeNotFound = refusal.NotFoundf("Pledge not found.")

// WithdrawBody is the body of a withdrawal: the reason the poster reads.
type WithdrawBody struct {
	Reason string `json:"reason"`
}

// Withdraw lets sponsor me take back their active pledge commitmentID, with
// a reason the poster reads, and answers the commitment as stored. In one
// transaction deals.WithdrawPledge turns the commitment withdrawn (only an
// active one) and takes it off the request's counters (a sponsored request
// whose pledges now fall short opens again unless its event has passed),
// and the members' conversation and the poster's notification say so.
func Withdraw(app core.App, me *core.Record, commitmentID string, body WithdrawBody) (*core.Record, error) {
	if err := apierr.Reason(&body.Reason, "Tell the poster why you are withdrawing", MaxWithdrawReason); err != nil {
		return nil, refusal.Invalidf(refusal.CheckFields, err)
	}
	var commitment *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		if err := membership.Still(tx, me.Id); err != nil {
			return err
		}
		read, err := tx.FindRecordById("commitments", commitmentID)
		if err != nil || read.GetString("sponsor") != me.Id {
			return errPledgeNotFound
		}
		switch err := deals.WithdrawPledge(tx, read, me.Id, body.Reason); {
		case errors.Is(err, deals.ErrPledgeFunded):
			return refusal.Conflictf("This pledge's deal is funded: it can no longer be withdrawn. Ask to cancel the deal instead.")
		case errors.Is(err, deals.ErrPledgeGone):
			return refusal.Conflictf("This pledge was already withdrawn.")
		case err != nil:
			return err
		}
		if commitment, err = tx.FindRecordById("commitments", read.Id); err != nil {
			return err
		}
		return withdrawalFollows(tx, me, commitment)
	})
	if err != nil {
		return nil, err
	}
	return commitment, nil
}

// withdrawalFollows is what a withdrawn pledge brings in its transaction:
// the note in the members' conversation and the poster's notification.
func withdrawalFollows(tx core.App, me, commitment *core.Record) error {
	request, err := tx.FindRecordById(listings.Requests.Table, commitment.GetString("request"))
	if err != nil {
		return err
	}
	reason := commitment.GetString("withdrawReason")
	title, pledge := request.GetString("title"), money.Dollars(int64(commitment.GetInt("amount")))
	poster := request.GetString("user")
	if _, err := introduce(tx, introduction{
		from: me.Id, to: poster,
		note: fmt.Sprintf("%s withdrew their pledge of %s to your request “%s”. Reason: %s",
			me.GetString("displayName"), pledge, title, reason),
		senderNote:  fmt.Sprintf("You withdrew your pledge of %s to the request “%s”. Reason: %s", pledge, title, reason),
		contextType: "commitment", contextID: commitment.Id,
	}); err != nil {
		return err
	}
	return notify.Create(tx, notify.Note{
		UserID:  poster,
		Type:    notify.TypeSponsorship,
		Title:   fmt.Sprintf("%s withdrew their %s pledge to “%s”", notify.Clip(me.GetString("displayName"), 40), pledge, notify.Clip(title, 100)),
		Body:    reason,
		Link:    "/messages",
		Subject: commitment.Id,
	})
}
