package sponsoring

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/notify"
)

var errNotOpen = errors.New("sponsoring: request is not open")

// sponsor records the member's commitment to an open request and marks the
// request sponsored. The claim is one conditional UPDATE (status must still
// be open) inside the same transaction as the commitment: when two members
// press at once, exactly one UPDATE changes a row and the other is told.
func sponsor(e *core.RequestEvent) error {
	me := e.Auth
	form, request, err := actionTarget(e, "sponsorship_requests",
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
	var pending *notify.Pending
	err = e.App.RunInTransaction(func(tx core.App) error {
		if err := membership.Present(e, tx); err != nil {
			return err
		}
		// Open, and its event not past: one conditional statement.
		res, err := tx.DB().Update("sponsorship_requests",
			dbx.Params{"status": "sponsored", "updated": types.NowDateTime().String()},
			dbx.And(dbx.HashExp{"id": request.Id, "status": "open"},
				dbx.NewExp("(eventDate = '' OR eventDate >= {:cut})", dbx.Params{"cut": listings.EventPassedBefore(time.Now())}))).Execute()
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errNotOpen
		}
		// save the claimed record as well, so listing caches and realtime hear of it
		claimed, err := tx.FindRecordById("sponsorship_requests", request.Id)
		if err != nil {
			return err
		}
		if err := tx.Save(claimed); err != nil {
			return err
		}

		amount := claimed.GetInt("requestedAmount")
		commitment.Set("request", claimed.Id)
		commitment.Set("sponsor", me.Id)
		commitment.Set("poster", claimed.GetString("user"))
		commitment.Set("amount", amount)
		commitment.Set("message", form.Message)
		if err := tx.Save(commitment); err != nil {
			return err
		}

		title := claimed.GetString("title")
		_, err = introduce(tx, introduction{
			from: me.Id, to: claimed.GetString("user"),
			note:        fmt.Sprintf("%s sponsored your request “%s” ($%d).", me.GetString("displayName"), title, amount),
			senderNote:  fmt.Sprintf("You sponsored the request “%s” ($%d).", title, amount),
			contextType: "commitment", contextID: commitment.Id, message: form.Message,
		})
		if err != nil {
			return err
		}
		pending, err = notify.Create(tx, notify.Note{
			UserID:  claimed.GetString("user"),
			Type:    notify.TypeSponsorship,
			Title:   "“" + title + "” has been sponsored",
			Body:    fmt.Sprintf("%s committed $%d. %s", me.GetString("displayName"), amount, form.Message),
			Link:    "/messages",
			Subject: commitment.Id,
		})
		return err
	})
	if errors.Is(err, errNotOpen) {
		current, findErr := e.App.FindRecordById("sponsorship_requests", request.Id)
		if findErr != nil { // its poster deleted their account meanwhile
			return e.NotFoundError("Listing not found.", nil)
		}
		if current.GetString("status") == "open" {
			return e.Error(http.StatusConflict, "This request's event date has passed; it can no longer be sponsored.", nil)
		}
		if current.GetString("status") == "closed" {
			return e.Error(http.StatusConflict, "This request is closed and can no longer be sponsored.", nil)
		}
		return e.Error(http.StatusConflict, "This project has already been sponsored.", nil)
	}
	if err != nil {
		return apierr.Or500(e, err)
	}
	notify.Mail(e.App, pending)
	return e.JSON(http.StatusCreated, ToCommitment(e.App, commitment))
}
