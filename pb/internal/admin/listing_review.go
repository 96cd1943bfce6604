package admin

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
)

// reviewListing approves or rejects a listing. Either way the listing counts
// as reviewed and its open reports are resolved; a rejection needs a reason,
// which the poster then sees. The change, the resolved reports and the log
// row are one transaction.
func (h *handlers) reviewListing(approve bool) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		kind, ok := listings.KindOfAPISegment(e.Request.PathValue("kind"))
		if !ok {
			return e.NotFoundError("Listing not found.", nil)
		}
		form := &rejectForm{}
		if !approve {
			if err := apierr.Bind(e, form, form.validate); err != nil {
				return err
			}
		}

		id := e.Request.PathValue("id")
		err := e.App.RunInTransaction(func(tx core.App) error {
			record, err := tx.FindRecordById(kind.Table, id)
			if err != nil {
				return e.NotFoundError("Listing not found.", nil)
			}
			// hidden before: rejected, then (usually) edited and sent back
			wasHidden := listings.HiddenRecord(record)
			record.Set("reviewed", true)
			record.Set("approved", approve)
			record.Set("rejectionReason", form.Reason)
			if err := tx.Save(record); err != nil {
				return err
			}
			resolved, err := resolveReports(tx, kind.Table, id)
			if err != nil {
				return err
			}
			action, details := actionApprove, ""
			if !approve {
				action, details = actionReject, form.Reason
			}
			if resolved > 0 {
				details = strings.TrimSpace(details + fmt.Sprintf(" (%d open report(s) resolved)", resolved))
			}
			if approve && wasHidden {
				// The poster of an edited listing learns that its edit was
				// approved and everyone sees it again (in the app and by e-mail).
				err = notify.Create(tx, notify.Note{
					UserID: record.GetString("user"), Type: notify.TypeListingApproved,
					Title:   "“" + notify.Clip(record.GetString("title"), 120) + "” was approved",
					Body:    "Your edited listing is visible to everyone again.",
					Link:    listings.PagePath(record),
					Subject: id,
				})
				if err != nil {
					return err
				}
			}
			if !approve {
				// The poster learns of a rejection and its reason (in the app and by e-mail).
				err = notify.Create(tx, notify.Note{
					UserID: record.GetString("user"), Type: notify.TypeListingRejected,
					Title:   "“" + notify.Clip(record.GetString("title"), 120) + "” was not approved",
					Body:    "Reason: " + form.Reason + " Edit the listing to send it for review again.",
					Link:    listings.PagePath(record),
					Subject: id,
				})
				if err != nil {
					return err
				}
			}
			return logAction(tx, e.Auth, action, kind.Table, id, details)
		})
		if err != nil {
			return err
		}
		return h.answerListing(e, kind, id)
	}
}

func (h *handlers) answerListing(e *core.RequestEvent, kind listings.Kind, id string) error {
	row, err := h.store.Find(kind, id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, h.store.ToListing(kind, row, listings.Viewer{ID: e.Auth.Id, IsAdmin: true}))
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

// ----------------------------------------------------------------

type rejectForm struct {
	Reason string `json:"reason"`
}

func (f *rejectForm) validate() error {
	return cleanReason(&f.Reason, "A reason is required to reject a listing")
}

// MaxReason bounds a rejection's or a report's reason, in characters.
const MaxReason = 500

// cleanReason trims a required reason (rejection or report) and checks its
// length; requiredMsg is what the member sees when it is empty.
func cleanReason(reason *string, requiredMsg string) error {
	return apierr.Reason(reason, requiredMsg, MaxReason)
}
