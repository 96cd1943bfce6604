package sponsoring

import (
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
)

// WithdrawApplication lets applicant me take back their application
// applicationID while it is pending, and answers it as stored. In one
// transaction the application turns withdrawn (one guarded.Update), the
// offer's applicationCount falls by one (its place is free again) and the
// members' conversation says so. The poster is not notified: the note in
// their conversation is all (docs/api/eligibility.md). Applying again
// sends the same application again (Apply).
//
// Refusals: NotFound (not the applicant's nor the poster's), Forbidden
// (the poster), Conflict (no longer pending).
func WithdrawApplication(app core.App, me *core.Record, applicationID string) (*core.Record, error) {
	var withdrawn *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		if err := membership.Still(tx, me.Id); err != nil {
			return err
		}
		read, err := tx.FindRecordById("applications", applicationID)
		switch {
		case err != nil || (read.GetString("applicant") != me.Id && read.GetString("poster") != me.Id):
			return errApplicationNotFound
		case read.GetString("applicant") != me.Id:
			return refusal.Forbiddenf("Only the applicant can withdraw an application.")
		case read.GetString("status") != StatusPending:
			return refusal.Conflictf("This application has already been " + read.GetString("status") + ".")
		}
		withdrawn, err = guarded.Update(tx, "applications", read.Id, guarded.Unchanged(read, "status"),
			func(a *core.Record) { a.Set("status", StatusWithdrawn) })
		if errors.Is(err, guarded.ErrStale) { // read in this transaction: cannot happen
			return errApplicationNotFound
		}
		if err != nil {
			return err
		}
		if err := freePlace(tx, withdrawn.GetString("sponsorship")); err != nil {
			return err
		}
		return withdrawalNote(tx, me, withdrawn)
	})
	if err != nil {
		return nil, err
	}
	return withdrawn, nil
}

// withdrawalNote says in the members' conversation that me withdrew their
// application.
func withdrawalNote(tx core.App, me, application *core.Record) error {
	var title string
	if offer, err := tx.FindRecordById(listings.Sponsorships.Table, application.GetString("sponsorship")); err == nil {
		title = offer.GetString("title")
	}
	_, err := introduce(tx, introduction{
		from: me.Id, to: application.GetString("poster"),
		note:        fmt.Sprintf("%s withdrew their application for “%s”.", me.GetString("displayName"), title),
		senderNote:  fmt.Sprintf("You withdrew your application for “%s”.", title),
		contextType: "application", contextID: application.Id,
	})
	return err
}
