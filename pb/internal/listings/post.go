package listings

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// refusal.CheckFields is the message of every refusal with field errors.

// Post posts a new listing of kind for the member memberID, as of now, and
// answers the stored record. The owner is the member whatever the input
// says; moderation flags start false. The subscription and the
// one-per-24-hours allowance are checked in the same transaction as the
// insert, so two quick posts cannot both pass.
//
// Refusals: Invalid (the fields), NotSignedIn (the account is gone),
// PaymentRequired (no active plan), TooMany (posted within 24 hours).
func Post(app core.App, kind Kind, memberID string, in ListingInput, now time.Time) (*core.Record, error) {
	data, err := in.validate(kind, nil, now)
	if err != nil {
		return nil, refusal.Invalidf(refusal.CheckFields, err)
	}
	collection, err := app.FindCachedCollectionByNameOrId(kind.Table)
	if err != nil {
		return nil, err
	}
	record := core.NewRecord(collection)
	err = app.RunInTransaction(func(tx core.App) error {
		member, err := tx.FindRecordById("users", memberID)
		if err != nil {
			return refusal.New(refusal.NotSignedIn, membership.NotSignedIn)
		}
		if err := allowance(tx, member, now); err != nil {
			return err
		}
		data.apply(record, kind)
		record.Set("user", member.Id)
		record.Set("approved", false)
		record.Set("reviewed", false)
		record.Set("status", StatusOpen)
		if err := tx.Save(record); err != nil {
			return err
		}
		return data.savePackages(tx, record.Id)
	})
	if err != nil {
		return nil, err
	}
	return record, nil
}

// allowance refuses a post without an active plan or within 24 hours of the
// member's previous post. Administrators are exempt.
func allowance(app core.App, member *core.Record, now time.Time) error {
	if membership.IsAdmin(member) {
		return nil
	}
	if !membership.SubscriptionActive(member, now) {
		return refusal.New(refusal.PaymentRequired, "An active subscription is required to post. Choose a plan to continue.")
	}
	next, err := membership.NextPostAt(app, member, now)
	if err != nil {
		return err
	}
	if !next.IsZero() {
		return refusal.New(refusal.TooMany, "Your plan allows one new listing every 24 hours. You can post again after "+
			when.DateTime(next)+".")
	}
	return nil
}
