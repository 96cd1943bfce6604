package deals

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

// inviting admits the recipient of a completed deal.
var inviting = Step[NoInput]{by: recipientOnly, from: []string{StatusCompleted},
	refused: "only the sponsor of a completed deal is invited."}

var (
	errInvited        = refusal.Conflictf("You have already invited this sponsor to that request.")
	errNobodyToInvite = refusal.Conflictf("The other side of this deal deleted their account: there is no one to invite.")
	errNotYourRequest = refusal.Invalidf(refusal.CheckFields, validation.Errors{
		"requestId": apierr.Field("validation_invalid", "Choose one of your open requests")})
)

// InviteInput is the body of POST /api/deals/{id}/invite.
type InviteInput struct {
	RequestID string `json:"requestId"`
}

// Invited is the answer of an invitation.
type Invited struct {
	Invited bool `json:"invited"`
}

// Invite has the recipient me of completed deal dealID invite its sponsor
// to one of their open requests (open, not rejected): the sponsor's
// notification links to the request, and a note goes into the two
// members' conversation. Once per deal and request: the deal's history
// entry ("invited") names the request, and is looked for in the same
// transaction (writes are one at a time).
func Invite(app core.App, dealID string, me *core.Record, in InviteInput) error {
	in.RequestID = strings.TrimSpace(in.RequestID)
	if in.RequestID == "" {
		return errNotYourRequest
	}
	d, err := inviting.Admit(app, dealID, me)
	if err != nil {
		return err
	}
	sponsor := d.GetString("sponsor")
	if sponsor == "" {
		return errNobodyToInvite
	}
	req, err := app.FindRecordById(listings.Requests.Table, in.RequestID)
	if err != nil || req.GetString("user") != me.Id || req.GetString("status") != listings.StatusOpen || listings.HiddenRecord(req) {
		return errNotYourRequest
	}
	them, err := app.FindRecordById("users", sponsor)
	if err != nil {
		return errNobodyToInvite
	}
	title := "“" + notify.Clip(req.GetString("title"), 80) + "”"
	return app.RunInTransaction(func(tx core.App) error {
		n, err := tx.CountRecords("deal_events", dbx.HashExp{"deal": d.Id, "kind": "invited"},
			dbx.Like("text", invitationMark(req.Id)).Match(true, false))
		if err != nil || n > 0 {
			return firstErr(err, errInvited)
		}
		if err := record(tx, d.Id, me.Id, "invited", fmt.Sprintf("%s invited %s to sponsor %s %s",
			me.GetString("displayName"), them.GetString("displayName"), title, invitationMark(req.Id))); err != nil {
			return err
		}
		if err := notify.Create(tx, notify.Note{UserID: sponsor, Type: notify.TypeDeal,
			Title: fmt.Sprintf("%s invited you to sponsor %s", name(me), title),
			Body:  fmt.Sprintf("You sponsored %s before.", titleOf(d)), Link: listings.PagePath(req), Subject: d.Id}); err != nil {
			return err
		}
		conv, _, err := messaging.Open(tx, me.Id, sponsor)
		if err != nil {
			return err
		}
		_, err = messaging.SendIn(tx, conv, messaging.Post{SenderID: me.Id, System: true,
			Body:       fmt.Sprintf("%s invited you to sponsor %s.", me.GetString("displayName"), title),
			SenderBody: fmt.Sprintf("You invited %s to sponsor %s.", them.GetString("displayName"), title)})
		return err
	})
}

// invitationMark ends an invitation's history entry: the request it names,
// so the entry is also the record that the invitation was sent.
func invitationMark(requestID string) string { return "(request " + requestID + ")." }
