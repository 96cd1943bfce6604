package messaging

import (
	"net/http"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/notify"
)

// sendMessage posts a participant's message. The recipient gets it live
// through realtime, an unread count and (once per unread stretch) a
// notification and an e-mail.
func sendMessage(e *core.RequestEvent) error {
	conv, err := participantConversation(e)
	if err != nil {
		return err
	}
	form := &sendForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	if Other(conv, e.Auth.Id) == "" {
		return recipientGone(e)
	}

	var msg *core.Record
	err = e.App.RunInTransaction(func(tx core.App) error {
		if err := membership.Present(e, tx); err != nil {
			return err
		}
		// the recipient may have deleted their account since the first read
		// (which unlinks them): a notification for nobody cannot be saved
		fresh, err := tx.FindRecordById(Conversations, conv.Id)
		if err != nil || !IsParticipant(fresh, e.Auth.Id) {
			return e.NotFoundError("Conversation not found.", nil)
		}
		recipient := Other(fresh, e.Auth.Id)
		if recipient == "" {
			return recipientGone(e)
		}
		if msg, err = Send(tx, conv.Id, Post{SenderID: e.Auth.Id, Body: form.Body}); err != nil {
			return err
		}
		err = notify.Create(tx, notify.Note{
			UserID:  recipient,
			Type:    notify.TypeMessage,
			Title:   "New message from " + e.Auth.GetString("displayName"),
			Body:    notify.Clip(form.Body, 300),
			Link:    "/messages?c=" + conv.Id,
			Subject: conv.Id,
		})
		return err
	})
	if err != nil {
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusCreated, ToMessage(e.App, msg, e.Auth.Id))
}

func recipientGone(e *core.RequestEvent) error {
	return e.BadRequestError("This member has deleted their account and cannot receive messages.", nil)
}

// ----------------------------------------------------------------

type sendForm struct {
	Body string `json:"body"`
}

func (f *sendForm) validate() error {
	f.Body = strings.TrimSpace(f.Body)
	switch {
	case f.Body == "":
		return validation.Errors{"body": apierr.Field("validation_required", "Message cannot be empty")}
	case utf8.RuneCountInString(f.Body) > MaxBody:
		return validation.Errors{"body": apierr.Field("validation_too_long", "Message must be at most 4000 characters")}
	case !utf8.ValidString(f.Body):
		return validation.Errors{"body": apierr.Field("validation_invalid", "Message contains invalid characters")}
	}
	return nil
}
