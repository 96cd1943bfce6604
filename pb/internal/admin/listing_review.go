package admin

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

// RejectInput is why an administrator rejects a listing.
type RejectInput struct {
	Reason string `json:"reason"`
}

func (f *RejectInput) validate() error {
	return cleanReason(&f.Reason, "A reason is required to reject a listing")
}

// Approve approves the listing id of the kind named by its API segment
// (the listing's store reads it back for the answer).
func Approve(app core.App, admin *core.Record, segment, id string) (listings.Kind, error) {
	kind, err := reviewedKind(segment)
	if err != nil {
		return kind, err
	}
	return kind, review(app, admin, kind, id, true, "")
}

// Reject rejects it, with the reason its poster then sees.
func Reject(app core.App, admin *core.Record, segment, id string, in RejectInput) (listings.Kind, error) {
	kind, err := reviewedKind(segment)
	if err != nil {
		return kind, err
	}
	if err := refusal.Fields(in.validate()); err != nil {
		return kind, err
	}
	return kind, review(app, admin, kind, id, false, in.Reason)
}

func reviewedKind(segment string) (listings.Kind, error) {
	kind, ok := listings.KindOfAPISegment(segment)
	if !ok {
		return kind, refusal.NotFoundf("Listing not found.")
	}
	return kind, nil
}

// review approves or rejects a listing. Either way the listing counts as
// reviewed and its open reports are resolved. The change, the resolved
// reports, the poster's notification and the log row are one transaction.
func review(app core.App, admin *core.Record, kind listings.Kind, id string, approve bool, reason string) error {
	return app.RunInTransaction(func(tx core.App) error {
		record, err := tx.FindRecordById(kind.Table, id)
		if err != nil {
			return refusal.NotFoundf("Listing not found.")
		}
		// hidden before: rejected, then (usually) edited and sent back
		wasHidden := listings.HiddenRecord(record)
		record.Set("reviewed", true)
		record.Set("approved", approve)
		record.Set("rejectionReason", reason)
		if err := tx.Save(record); err != nil {
			return err
		}
		resolved, err := resolveReports(tx, kind.Table, id)
		if err != nil {
			return err
		}
		action, details := actionApprove, ""
		if !approve {
			action, details = actionReject, reason
		}
		if resolved > 0 {
			details = strings.TrimSpace(details + fmt.Sprintf(" (%d open report(s) resolved)", resolved))
		}
		if note, ok := reviewNote(record, approve, wasHidden, reason); ok {
			if err := notify.Create(tx, note); err != nil {
				return err
			}
		}
		return logAction(tx, admin, action, kind.Table, id, details)
	})
}

// reviewNote is what the poster learns of a review (in the app and by
// e-mail): a rejection and its reason, or that an edited listing, hidden
// until now, is approved and visible to everyone again. A first approval
// tells nothing.
func reviewNote(record *core.Record, approve, wasHidden bool, reason string) (notify.Note, bool) {
	title := "“" + notify.Clip(record.GetString("title"), 120) + "”"
	note := notify.Note{UserID: record.GetString("user"), Link: listings.PagePath(record), Subject: record.Id}
	switch {
	case !approve:
		note.Type, note.Title = notify.TypeListingRejected, title+" was not approved"
		note.Body = "Reason: " + reason + " Edit the listing to send it for review again."
	case wasHidden:
		note.Type, note.Title = notify.TypeListingApproved, title+" was approved"
		note.Body = "Your edited listing is visible to everyone again."
	default:
		return note, false
	}
	return note, true
}

// resolveReports marks a listing's open reports resolved and counts them.
func resolveReports(tx core.App, table, id string) (int, error) {
	open, err := tx.FindAllRecords("reports", dbx.HashExp{"listingKind": table, "listingId": id, "resolved": false})
	if err != nil {
		return 0, err
	}
	for _, r := range open {
		r.Set("resolved", true)
		if err := tx.Save(r); err != nil {
			return 0, err
		}
	}
	return len(open), nil
}

// MaxReason bounds a rejection's or a report's reason, in characters.
const MaxReason = 500

// cleanReason trims a required reason (rejection or report) and checks its
// length; requiredMsg is what the member sees when it is empty.
func cleanReason(reason *string, requiredMsg string) error {
	return apierr.Reason(reason, requiredMsg, MaxReason)
}
