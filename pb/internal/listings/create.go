package listings

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/when"
)

// create posts a new listing for the signed-in member. The owner is the
// session's member whatever the body says; moderation flags start false.
// The subscription and the one-per-24-hours allowance are checked in the
// same transaction as the insert, so two quick posts cannot both pass.
func (h *handlers) create(e *core.RequestEvent) error {
	form := &listingForm{}
	if err := apierr.ReadBody(e, form); err != nil {
		return err
	}
	now := time.Now()
	data, err := form.validate(h.kind, true, now)
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}

	collection, err := e.App.FindCachedCollectionByNameOrId(h.kind.Table)
	if err != nil {
		return e.InternalServerError("", err)
	}
	record := core.NewRecord(collection)

	err = e.App.RunInTransaction(func(tx core.App) error {
		member, err := tx.FindRecordById("users", e.Auth.Id)
		if err != nil {
			return e.UnauthorizedError("You are not signed in.", nil)
		}
		if err := checkAllowance(e, tx, member, now); err != nil {
			return err
		}
		data.apply(record, h.kind)
		record.Set("user", member.Id)
		record.Set("approved", false)
		record.Set("reviewed", false)
		record.Set("status", StatusOpen)
		return tx.Save(record)
	})
	if err != nil {
		return err
	}

	r, err := h.store.Find(h.kind, record.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusCreated, h.store.ToListing(h.kind, r, viewerOf(e)))
}

// checkAllowance refuses a post without an active plan (402) or within 24
// hours of the member's previous post (429). Administrators are exempt.
func checkAllowance(e *core.RequestEvent, app core.App, member *core.Record, now time.Time) error {
	if membership.IsAdmin(member) {
		return nil
	}
	if !membership.SubscriptionActive(member, now) {
		return e.Error(http.StatusPaymentRequired, "An active subscription is required to post. Choose a plan to continue.", nil)
	}
	next, err := membership.NextPostAt(app, member, now)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if !next.IsZero() {
		return e.TooManyRequestsError("Your plan allows one new listing every 24 hours. You can post again after "+
			when.DateTime(next)+".", nil)
	}
	return nil
}

// apply copies the validated fields onto a record.
func (c *cleaned) apply(record *core.Record, kind Kind) {
	if c.title != nil {
		record.Set("title", *c.title)
	}
	if c.description != nil {
		record.Set("description", *c.description)
	}
	if c.amount != nil {
		record.Set(kind.AmountField, *c.amount)
	}
	if c.location != nil {
		record.Set("location", *c.location)
	}
	if c.categories != nil {
		record.Set("categories", c.categories)
	}
	if kind.IsRequest && c.eventDate != nil {
		record.Set("eventDate", *c.eventDate)
	}
	if c.status != nil {
		record.Set("status", *c.status)
	}
}

// changesContent tells whether an update touches what moderators reviewed.
func (c *cleaned) changesContent() bool {
	return c.title != nil || c.description != nil || c.amount != nil || c.location != nil ||
		c.categories != nil || c.eventDate != nil
}
