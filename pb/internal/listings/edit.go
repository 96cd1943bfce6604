package listings

import (
	"errors"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/refusal"
)

// msgNotFound answers a listing that does not exist for the viewer.
const msgNotFound = "Listing not found."

// Edit lets a poster (viewer) edit, close or reopen their own listing id of
// kind, as of now, and answers the record as saved. in is nil when the body
// could not be read: that is refused only once the listing is found and the
// viewer's. An edit of the content sends the listing back to moderation
// (reviewed and approved cleared, rejection reason dropped). A request's
// amount goes no lower than its pledges, and its status follows them
// (FollowPledges).
//
// The read, the rules and the save are one guarded write: a Sponsor press
// that commits meanwhile is read, never written over.
//
// Refusals: NotFound, Forbidden (not the poster), Invalid (the body, the
// fields, the status asked for).
func Edit(app core.App, kind Kind, viewer Viewer, id string, in *ListingInput, now time.Time) (*core.Record, error) {
	var data *cleaned
	var refused error
	var saved *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		changed := false
		r, err := guarded.Update(tx, kind.Table, id, func(current *core.Record) bool {
			data, refused = editable(kind, viewer, current, in, now)
			if refused == nil { // the packages' slots, before the request's write
				refused = data.planPackages(tx, current.Id)
			}
			return refused == nil
		}, func(r *core.Record) {
			changed = true
			data.edit(r, kind, now)
		})
		switch {
		case refused != nil:
			return refused
		case errors.Is(err, guarded.ErrStale):
			return refusal.NotFoundf(msgNotFound)
		case changed && err != nil:
			return refusal.Invalidf("Could not save the listing.", err)
		}
		if err != nil {
			return err
		}
		saved = r
		return data.savePackages(tx, r.Id)
	})
	if err != nil {
		return nil, err
	}
	return saved, nil
}

// editable checks an edit of current by viewer and answers the validated
// input.
func editable(kind Kind, viewer Viewer, current *core.Record, in *ListingInput, now time.Time) (*cleaned, error) {
	if !viewer.Sees(current.GetString("user"), HiddenRecord(current)) {
		return nil, refusal.NotFoundf(msgNotFound)
	}
	if current.GetString("user") != viewer.ID {
		return nil, refusal.Forbiddenf("Only the poster can change this listing.")
	}
	if in == nil {
		return nil, refusal.Invalidf("The request body is not valid JSON.", nil)
	}
	data, err := in.validate(kind, current, now)
	if err != nil {
		return nil, refusal.Invalidf(refusal.CheckFields, err)
	}
	if err := data.statusAsked(kind, current, now); err != nil {
		return nil, err
	}
	// Pledges are never more than the request: its amount goes no lower
	// than what is pledged.
	pledged := int64(current.GetInt("pledgedAmount"))
	if kind.IsRequest && data.amount != nil && *data.amount < pledged {
		return nil, refusal.Invalidf(refusal.CheckFields, validation.Errors{kind.AmountField: apierr.Field(
			"validation_below_pledged", "Amount cannot be less than the "+money.Dollars(pledged)+" already pledged")})
	}
	return data, nil
}

// edit applies a checked edit to r. A rejected listing stays hidden until
// an administrator approves the edit: it keeps reviewed (hidden) and loses
// its reason, which puts it in the moderation queue as "edited after
// rejection" (admin.pendingWhere).
func (c *cleaned) edit(r *core.Record, kind Kind, now time.Time) {
	wasRejected := HiddenRecord(r)
	c.apply(r, kind)
	if kind.IsRequest && r.GetInt("pledgedAmount") > 0 {
		FollowPledges(r, now)
	}
	if c.changesContent() {
		r.Set("reviewed", wasRejected)
		r.Set("approved", false)
		r.Set("rejectionReason", "")
	}
}
