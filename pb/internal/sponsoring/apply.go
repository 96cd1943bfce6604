package sponsoring

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

var errAlreadyApplied = refusal.Conflictf("You have already applied for this sponsorship.")

// Apply records member me's application to the sponsorship offerID, once
// per member and offer, never to their own, and answers it as stored; in
// the same transaction it opens the conversation between the two and
// notifies the poster (and so e-mails them).
func Apply(app core.App, me *core.Record, offerID string, body MessageBody) (*core.Record, error) {
	errs := validation.Errors{}
	body.fieldErrors(errs)
	if err := invalid(errs); err != nil {
		return nil, err
	}
	offer, err := target(app, me, listings.Sponsorships.Table, offerID,
		"You cannot apply to your own sponsorship.",
		"This sponsorship was not approved and does not take applications.")
	if err != nil {
		return nil, err
	}
	collection, err := app.FindCachedCollectionByNameOrId("applications")
	if err != nil {
		return nil, err
	}
	record := core.NewRecord(collection)
	err = app.RunInTransaction(func(tx core.App) error {
		if err := membership.Still(tx, me.Id); err != nil {
			return err
		}
		// the poster may have deleted their account (and the offer with it)
		// since the first read; read in the transaction, a close committed a
		// moment ago counts (its status alone: the offer was read whole above)
		var status string
		err := tx.DB().Select("status").From(listings.Sponsorships.Table).
			Where(dbx.HashExp{"id": offer.Id}).Row(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return refusal.NotFoundf(msgListingNotFound)
		}
		if err != nil {
			return err
		}
		if status == "closed" {
			return refusal.Conflictf("This sponsorship is closed and no longer takes applications.")
		}
		mine := dbx.HashExp{"sponsorship": offer.Id, "applicant": me.Id}
		if exists, err := tx.CountRecords("applications", mine); err != nil {
			return err
		} else if exists > 0 {
			return errAlreadyApplied
		}
		record.Load(map[string]any{"sponsorship": offer.Id, "applicant": me.Id, "poster": offer.GetString("user"),
			"message": body.Message, "status": StatusPending})
		if err := tx.Save(record); err != nil {
			// the unique index is the last word when two requests race
			if n, _ := tx.CountRecords("applications", mine); n > 0 {
				return errAlreadyApplied
			}
			return err
		}
		return applicationFollows(tx, me, offer, record)
	})
	if err != nil {
		return nil, err
	}
	return record, nil
}

// applicationFollows is what a stored application brings in its
// transaction: the introduction in the members' conversation and the
// poster's notification.
func applicationFollows(tx core.App, me, offer, application *core.Record) error {
	title, message := offer.GetString("title"), application.GetString("message")
	_, err := introduce(tx, introduction{
		from: me.Id, to: offer.GetString("user"),
		note:        fmt.Sprintf("%s applied for your sponsorship “%s”.", me.GetString("displayName"), title),
		senderNote:  fmt.Sprintf("You applied for the sponsorship “%s”.", title),
		contextType: "application", contextID: application.Id, message: message,
	})
	if err != nil {
		return err
	}
	return notify.Create(tx, notify.Note{
		UserID:  offer.GetString("user"),
		Type:    notify.TypeApplication,
		Title:   "New application for “" + title + "”",
		Body:    me.GetString("displayName") + " applied. " + message,
		Link:    "/profile",
		Subject: application.Id,
	})
}
