package sponsoring

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/notify"
)

// Pledge statuses.
const (
	PledgeActive    = "active"
	PledgeWithdrawn = "withdrawn"
)

var (
	errNotOpen        = errors.New("sponsoring: the pledge does not fit the request")
	errAlreadyPledged = errors.New("sponsoring: already pledged")
	msgAlreadyPledged = "You have already pledged to this request. Withdraw it to pledge a different amount."
	errTurnedDown     = errors.New("sponsoring: the poster cancelled this member's pledge")
	msgTurnedDown     = "The poster cancelled your pledge to this request, so you cannot pledge to it again."
	activePledgeIndex = "idx_commitments_active_pledge"
)

// pledgeForm is the optional body of a pledge: an amount (missing: what is
// still open) and a message to the poster.
type pledgeForm struct {
	messageForm
	Amount *json.RawMessage `json:"amount"`
	amount int64            // 0: what is still open
}

func (f *pledgeForm) validate() error {
	errs := validation.Errors{}
	if err := f.messageForm.validate(); err != nil {
		var fe validation.Errors
		if errors.As(err, &fe) {
			for k, v := range fe {
				errs[k] = v
			}
		}
	}
	if f.Amount != nil && strings.TrimSpace(string(*f.Amount)) != "null" {
		var n float64
		switch err := json.Unmarshal(*f.Amount, &n); {
		case err != nil || math.IsNaN(n) || math.IsInf(n, 0) || n != math.Trunc(n):
			errs["amount"] = apierr.Field("validation_whole_amount", "Amount must be a whole number")
		case n < 1:
			errs["amount"] = apierr.Field("validation_min_amount", "Amount must be at least 1")
		default:
			// more than any request can ask is refused as more than is open
			f.amount = int64(math.Min(n, listings.MaxAmount+1))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// sponsor records the member's pledge to an open request. The pledge is one
// guarded.Update of the request (still open, event not passed, and the
// pledges plus this one no more than the requested amount) that adds it to
// pledgedAmount and sponsorCount and marks the request sponsored when they
// reach the amount; it runs inside the transaction that stores the
// commitment. When many members pledge at once, every write that would
// over-fund the request is refused and its member is told what is still
// open.
func sponsor(e *core.RequestEvent) error {
	me := e.Auth
	form := &pledgeForm{}
	request, err := actionTarget(e, form, "sponsorship_requests",
		"You cannot sponsor your own request.",
		"This request was not approved and cannot be sponsored.")
	if err != nil {
		return err
	}

	collection, err := e.App.FindCachedCollectionByNameOrId("commitments")
	if err != nil {
		return e.InternalServerError("", err)
	}
	commitment := core.NewRecord(collection)
	amount := form.amount
	err = e.App.RunInTransaction(func(tx core.App) error {
		if err := membership.Present(e, tx); err != nil {
			return err
		}
		has, err := hasActivePledge(tx, request.Id, me.Id)
		if err != nil {
			return err
		}
		if has {
			return errAlreadyPledged
		}
		turnedDown, err := posterCancelled(tx, request.Id, me.Id)
		if err != nil {
			return err
		}
		if turnedDown {
			return errTurnedDown
		}
		if amount == 0 {
			current, err := tx.FindRecordById("sponsorship_requests", request.Id)
			if errors.Is(err, sql.ErrNoRows) { // deleted with its poster's account meanwhile: notOpen says so
				return errNotOpen
			}
			if err != nil {
				return err
			}
			amount = int64(current.GetInt("requestedAmount") - current.GetInt("pledgedAmount"))
			if amount < 1 {
				return errNotOpen
			}
		}
		pledged, err := guarded.Update(tx, "sponsorship_requests", request.Id, func(r *core.Record) bool {
			return r.GetString("status") == listings.StatusOpen && listings.EventNotPassed(r.GetString("eventDate"), time.Now()) &&
				int64(r.GetInt("pledgedAmount"))+amount <= int64(r.GetInt("requestedAmount"))
		}, func(r *core.Record) {
			total := int64(r.GetInt("pledgedAmount")) + amount
			if total >= int64(r.GetInt("requestedAmount")) {
				r.Set("status", listings.StatusSponsored)
			}
			r.Set("pledgedAmount", total)
			r.Set("sponsorCount", r.GetInt("sponsorCount")+1)
		})
		if errors.Is(err, guarded.ErrStale) {
			return errNotOpen
		}
		if err != nil {
			return err
		}

		commitment.Set("request", pledged.Id)
		commitment.Set("sponsor", me.Id)
		commitment.Set("poster", pledged.GetString("user"))
		commitment.Set("amount", amount)
		commitment.Set("status", PledgeActive)
		commitment.Set("message", form.Message)
		if err := tx.Save(commitment); err != nil {
			if strings.Contains(err.Error(), activePledgeIndex) {
				return errAlreadyPledged
			}
			return err
		}
		deal, err := deals.Open(tx, deals.Opening{Commitment: commitment.Id, ListingTable: "sponsorship_requests",
			ListingID: pledged.Id, Title: pledged.GetString("title"), Sponsor: me.Id, Recipient: pledged.GetString("user"),
			Amount: int(amount)})
		if err != nil {
			return err
		}

		title, pledge := pledged.GetString("title"), money.Dollars(amount)
		progress := fmt.Sprintf("%s of %s pledged", money.Dollars(int64(pledged.GetInt("pledgedAmount"))),
			money.Dollars(int64(pledged.GetInt("requestedAmount"))))
		_, err = introduce(tx, introduction{
			from: me.Id, to: pledged.GetString("user"),
			note:        fmt.Sprintf("%s pledged %s to your request “%s” (%s).", me.GetString("displayName"), pledge, title, progress),
			senderNote:  fmt.Sprintf("You pledged %s to the request “%s” (%s).", pledge, title, progress),
			contextType: "commitment", contextID: commitment.Id, message: form.Message,
		})
		if err != nil {
			return err
		}
		heading := "“" + notify.Clip(title, 120) + "” has a new pledge"
		if pledged.GetString("status") == listings.StatusSponsored {
			heading = "“" + notify.Clip(title, 120) + "” has been sponsored"
		}
		err = notify.Create(tx, notify.Note{
			UserID:  pledged.GetString("user"),
			Type:    notify.TypeSponsorship,
			Title:   heading,
			Body:    strings.TrimSpace(fmt.Sprintf("%s pledged %s (%s). %s", me.GetString("displayName"), pledge, progress, form.Message)),
			Link:    "/deals/" + deal.Id,
			Subject: commitment.Id,
		})
		return err
	})
	switch {
	case errors.Is(err, errAlreadyPledged):
		return e.BadRequestError(msgAlreadyPledged, nil)
	case errors.Is(err, errTurnedDown):
		return e.Error(http.StatusConflict, msgTurnedDown, nil)
	case errors.Is(err, errNotOpen):
		return notOpen(e, request.Id)
	case err != nil:
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusCreated, ToCommitment(e.App, commitment))
}

// notOpen answers a pledge the request did not take, from the request as it
// is now: what is still open, or why nothing is.
func notOpen(e *core.RequestEvent, requestID string) error {
	current, err := e.App.FindRecordById("sponsorship_requests", requestID)
	if err != nil { // its poster deleted their account meanwhile
		return e.NotFoundError("Listing not found.", nil)
	}
	open := int64(current.GetInt("requestedAmount") - current.GetInt("pledgedAmount"))
	// The reason the listing itself shows: a request the event job has
	// closed says its date has passed, as it did before the job ran.
	switch listings.ClosedReason(current.GetString("status"), current.GetString("eventDate"), time.Now()) {
	case listings.ClosedSponsored:
		return e.Error(http.StatusConflict, "This project has already been sponsored.", nil)
	case listings.ClosedEventPassed:
		return e.Error(http.StatusConflict, "This request's event date has passed; it can no longer be sponsored.", nil)
	case listings.ClosedByPoster:
		return e.Error(http.StatusConflict, "This request is closed and can no longer be sponsored.", nil)
	}
	if open < 1 {
		return e.Error(http.StatusConflict, "This project has already been sponsored.", nil)
	}
	return e.Error(http.StatusConflict, fmt.Sprintf("Only %s is still open on this request. Pledge at most that.", money.Dollars(open)), nil)
}

// posterCancelled tells whether the request's poster cancelled a deal of
// this member's pledge to it before the money moved. Such a member may not
// pledge to that request again: a whole-amount pledge takes a request out
// of Browse, and one re-made each time the poster cancels it would keep it
// out for good. Read in the pledge's transaction, after the cancel's.
func posterCancelled(app core.App, requestID, sponsorID string) (bool, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From("deals").
		Where(dbx.HashExp{"sponsor": sponsorID, "listingKind": "sponsorship_requests", "listingId": requestID,
			"status": deals.StatusCancelled, "fundedAt": ""}).
		AndWhere(dbx.NewExp("cancelledBy = recipient")).Row(&n)
	return n > 0, err
}

// hasActivePledge tells whether the member holds an active pledge on the request.
func hasActivePledge(app core.App, requestID, sponsorID string) (bool, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From("commitments").
		Where(dbx.HashExp{"request": requestID, "sponsor": sponsorID, "status": PledgeActive}).Row(&n)
	return n > 0, err
}
