package sponsoring

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/notify"
)

var errAlreadyApplied = errors.New("sponsoring: already applied")

// apply records the member's application to a sponsorship, once per member
// and offer, never to their own; it tells the poster (notification, e-mail)
// and opens the conversation between the two.
func apply(e *core.RequestEvent) error {
	me := e.Auth
	form := &messageForm{}
	offer, err := actionTarget(e, form, "sponsorships",
		"You cannot apply to your own sponsorship.",
		"This sponsorship was not approved and does not take applications.")
	if err != nil {
		return err
	}

	collection, err := e.App.FindCachedCollectionByNameOrId("applications")
	if err != nil {
		return e.InternalServerError("", err)
	}
	record := core.NewRecord(collection)
	err = e.App.RunInTransaction(func(tx core.App) error {
		if err := membership.Present(e, tx); err != nil {
			return err
		}
		// the poster may have deleted their account (and the offer with it) since the first read
		current, err := tx.FindRecordById("sponsorships", offer.Id)
		if err != nil {
			return e.NotFoundError("Listing not found.", nil)
		}
		// read in the transaction: a close committed a moment ago counts
		if current.GetString("status") == "closed" {
			return e.Error(http.StatusConflict, "This sponsorship is closed and no longer takes applications.", nil)
		}
		exists, err := tx.CountRecords("applications", dbx.HashExp{"sponsorship": offer.Id, "applicant": me.Id})
		if err != nil {
			return err
		}
		if exists > 0 {
			return errAlreadyApplied
		}
		record.Set("sponsorship", offer.Id)
		record.Set("applicant", me.Id)
		record.Set("poster", offer.GetString("user"))
		record.Set("message", form.Message)
		record.Set("status", StatusPending)
		if err := tx.Save(record); err != nil {
			// the unique index is the last word when two requests race
			if n, _ := tx.CountRecords("applications", dbx.HashExp{"sponsorship": offer.Id, "applicant": me.Id}); n > 0 {
				return errAlreadyApplied
			}
			return err
		}
		title := offer.GetString("title")
		_, err = introduce(tx, introduction{
			from: me.Id, to: offer.GetString("user"),
			note:        fmt.Sprintf("%s applied for your sponsorship “%s”.", me.GetString("displayName"), title),
			senderNote:  fmt.Sprintf("You applied for the sponsorship “%s”.", title),
			contextType: "application", contextID: record.Id, message: form.Message,
		})
		if err != nil {
			return err
		}
		err = notify.Create(tx, notify.Note{
			UserID:  offer.GetString("user"),
			Type:    notify.TypeApplication,
			Title:   "New application for “" + title + "”",
			Body:    me.GetString("displayName") + " applied. " + form.Message,
			Link:    "/profile",
			Subject: record.Id,
		})
		return err
	})
	if errors.Is(err, errAlreadyApplied) {
		return e.Error(http.StatusConflict, "You have already applied for this sponsorship.", nil)
	}
	if err != nil {
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusCreated, ToApplication(e.App, record))
}

// ----------------------------------------------------------------

// MaxMessage bounds the note of an application or a commitment, in characters.
const MaxMessage = 2000

// messageForm is the optional note of an application or a commitment.
type messageForm struct {
	Message string `json:"message"`
}

func (f *messageForm) validate() error {
	f.Message = strings.TrimSpace(f.Message)
	switch {
	case utf8.RuneCountInString(f.Message) > MaxMessage:
		return validation.Errors{"message": apierr.Field("validation_too_long", "Message must be at most "+strconv.Itoa(MaxMessage)+" characters")}
	case !utf8.ValidString(f.Message):
		return validation.Errors{"message": apierr.Field("validation_invalid", "Message contains invalid characters")}
	}
	return nil
}
