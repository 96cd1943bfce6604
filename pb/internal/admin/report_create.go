package admin

import (
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/when"
)

const alreadyReported = "You have already reported this listing."

// reportListing lets a signed-in member report a listing they can see, once,
// and never their own. The report puts the listing at the top of the
// moderation queue (even an approved one) until an administrator decides; it
// does not hide the listing by itself.
func (h *handlers) reportListing(kind listings.Kind) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		listing, err := e.App.FindRecordById(kind.Table, e.Request.PathValue("id"))
		if err != nil || !listings.VisibleTo(listing, e.Auth) {
			return e.NotFoundError("Listing not found.", nil)
		}
		if listing.GetString("user") == e.Auth.Id {
			return e.ForbiddenError("You cannot report your own listing.", nil)
		}

		form := &reportForm{}
		if err := apierr.Bind(e, form, form.validate); err != nil {
			return err
		}

		if reported(e.App, e.Auth.Id, kind.Table, listing.Id) {
			return e.Error(http.StatusConflict, alreadyReported, nil)
		}
		c, err := e.App.FindCachedCollectionByNameOrId("reports")
		if err != nil {
			return e.InternalServerError("", err)
		}
		r := core.NewRecord(c)
		r.Set("reporter", e.Auth.Id)
		r.Set("listingKind", kind.Table)
		r.Set("listingId", listing.Id)
		r.Set("reason", form.Reason)
		err = e.App.RunInTransaction(func(tx core.App) error {
			if err := membership.Present(e, tx); err != nil {
				return err
			}
			// its poster may have deleted their account (and the listing) meanwhile
			if _, err := tx.FindRecordById(kind.Table, listing.Id); err != nil {
				return e.NotFoundError("Listing not found.", nil)
			}
			return tx.Save(r)
		})
		if err != nil {
			// the unique index caught a concurrent duplicate
			if reported(e.App, e.Auth.Id, kind.Table, listing.Id) {
				return e.Error(http.StatusConflict, alreadyReported, nil)
			}
			return apierr.Or500(e, err)
		}
		return e.JSON(http.StatusCreated, ReportAnswer{
			ID: r.Id, Kind: kind.APISegment(), ListingID: listing.Id, Reason: form.Reason,
			CreatedAt: when.APIStored(r.GetString("created")),
		})
	}
}

func reported(app core.App, member, table, id string) bool {
	n, err := app.CountRecords("reports", dbx.HashExp{"reporter": member, "listingKind": table, "listingId": id})
	return err == nil && n > 0
}

// ----------------------------------------------------------------

type reportForm struct {
	Reason string `json:"reason"`
}

func (f *reportForm) validate() error {
	return cleanReason(&f.Reason, "Please tell us why you are reporting this listing")
}

// ReportAnswer is a stored report, as its reporter reads it back.
type ReportAnswer struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	ListingID string `json:"listingId"`
	Reason    string `json:"reason"`
	CreatedAt string `json:"createdAt"`
}
