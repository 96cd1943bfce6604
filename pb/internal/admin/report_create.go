package admin

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
)

const alreadyReported = "You have already reported this listing."

// ReportInput is a member's report on a listing.
type ReportInput struct {
	Reason string `json:"reason"`
}

func (in *ReportInput) validate() error {
	return cleanReason(&in.Reason, "Please tell us why you are reporting this listing")
}

// Report lets member report a listing of kind they can see, once, and never
// their own. The report puts the listing at the top of the moderation queue
// (even an approved one) until an administrator decides; it does not hide the
// listing by itself. It answers the stored report.
func Report(app core.App, member *core.Record, kind listings.Kind, listingID string, in ReportInput) (*core.Record, error) {
	listing, err := app.FindRecordById(kind.Table, listingID)
	if err != nil || !listings.VisibleTo(listing, member) {
		return nil, refusal.NotFoundf("Listing not found.")
	}
	if listing.GetString("user") == member.Id {
		return nil, refusal.Forbiddenf("You cannot report your own listing.")
	}
	if err := refusal.Fields(in.validate()); err != nil {
		return nil, err
	}
	if reported(app, member.Id, kind.Table, listing.Id) {
		return nil, refusal.Conflictf(alreadyReported)
	}
	c, err := app.FindCachedCollectionByNameOrId("reports")
	if err != nil {
		return nil, err
	}
	r := core.NewRecord(c)
	r.Set("reporter", member.Id)
	r.Set("listingKind", kind.Table)
	r.Set("listingId", listing.Id)
	r.Set("reason", in.Reason)
	err = app.RunInTransaction(func(tx core.App) error {
		if err := membership.Still(tx, membership.IDOf(member)); err != nil {
			return err
		}
		// its poster may have deleted their account (and the listing) meanwhile
		if _, err := tx.FindRecordById(kind.Table, listing.Id); err != nil {
			return refusal.NotFoundf("Listing not found.")
		}
		return tx.Save(r)
	})
	if err != nil {
		// the unique index caught a concurrent duplicate
		if reported(app, member.Id, kind.Table, listing.Id) {
			return nil, refusal.Conflictf(alreadyReported)
		}
		return nil, err
	}
	return r, nil
}

func reported(app core.App, member, table, id string) bool {
	n, err := app.CountRecords("reports", dbx.HashExp{"reporter": member, "listingKind": table, "listingId": id})
	return err == nil && n > 0
}
