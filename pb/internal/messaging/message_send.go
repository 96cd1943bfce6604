package messaging

import (
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

// MessageRequest is POST /api/conversations/{id}/messages's body.
type MessageRequest struct {
	Body string `json:"body"`
}

// msgRecipientGone: the other member deleted their account.
const msgRecipientGone = "This member has deleted their account and cannot receive messages."

// SendMessage posts sender's message in the conversation convID, in one
// transaction with the recipient's notification (whose e-mail follows it,
// notify's hooks). The recipient gets it live through realtime, an unread
// count and (once per unread stretch) a notification and an e-mail.
func SendMessage(app core.App, sender *core.Record, convID string, in MessageRequest) (*core.Record, error) {
	conv, err := Participating(app, convID, sender.Id)
	if err != nil {
		return nil, err
	}
	if err := in.validate(); err != nil {
		return nil, refusal.Fields(err)
	}
	if Other(conv, sender.Id) == "" {
		return nil, refusal.Invalidf(msgRecipientGone, nil)
	}
	var msg *core.Record
	err = app.RunInTransaction(func(tx core.App) error {
		if err := membership.Still(tx, sender.Id); err != nil {
			return err
		}
		// the recipient may have deleted their account since the first read
		// (which unlinks them): a notification for nobody cannot be saved
		fresh, err := Participating(tx, conv.Id, sender.Id)
		if err != nil {
			return err
		}
		recipient := Other(fresh, sender.Id)
		if recipient == "" {
			return refusal.Invalidf(msgRecipientGone, nil)
		}
		if msg, err = SendIn(tx, fresh, Post{SenderID: sender.Id, Body: in.Body}); err != nil {
			return err
		}
		return notify.Create(tx, notify.Note{
			UserID:  recipient,
			Type:    notify.TypeMessage,
			Title:   "New message from " + sender.GetString("displayName"),
			Body:    notify.Clip(in.Body, 300),
			Link:    "/messages?c=" + conv.Id,
			Subject: conv.Id,
		})
	})
	return msg, err
}

func (f *MessageRequest) validate() error {
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
