// Package notify keeps members' in-app notifications and e-mails them when
// the member has an address. Notifications are written inside the caller's
// transaction; e-mail is composed after the commit by the collection's own
// hook (BindHooks: callers never hand it on) and sent by the background
// queue (mailbox.Send), so a request never waits for the mail server.
package notify

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Notification types (the collection's select values).
const (
	TypeApplication         = "application"
	TypeApplicationAccepted = "application_accepted"
	TypeApplicationDeclined = "application_declined"
	TypeSponsorship         = "sponsorship"
	// TypeDeal: a step of a deal the member is on.
	TypeDeal    = "deal"
	TypeMessage = "message"
)

// Collection is the notifications collection's name.
const Collection = "notifications"

// Note is one notification for one member.
type Note struct {
	UserID  string
	Type    string
	Title   string
	Body    string
	Link    string // app path, e.g. /messages?c=abc
	Subject string // id of the conversation or application it is about
}

// Create stores n with tx; the stored note is e-mailed once tx commits
// (BindHooks). A message note merges into the member's unread note about
// the same conversation (an update: so a chat of twenty lines is one
// notification and one e-mail).
func Create(tx core.App, n Note) error {
	n.Title = Clip(n.Title, 200)
	n.Body = Clip(n.Body, 500)
	if n.Type == TypeMessage {
		existing := &core.Record{}
		err := tx.RecordQuery(Collection).
			AndWhere(dbx.HashExp{"user": n.UserID, "type": TypeMessage, "subject": n.Subject, "read": false}).
			Limit(1).One(existing)
		if err == nil {
			existing.Set("title", n.Title)
			existing.Set("body", n.Body)
			return tx.Save(existing)
		}
	}
	c, err := tx.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return err
	}
	r := core.NewRecord(c)
	r.Set("user", n.UserID)
	r.Set("type", n.Type)
	r.Set("title", n.Title)
	r.Set("body", n.Body)
	r.Set("link", n.Link)
	r.Set("subject", n.Subject)
	if err := tx.Save(r); err != nil {
		return fmt.Errorf("notify: save: %w", err)
	}
	return nil
}

// MarkSubjectRead marks the member's notifications about subject as read.
func MarkSubjectRead(app core.App, userID, subject string) error {
	_, err := app.DB().Update(Collection, dbx.Params{"read": true},
		dbx.HashExp{"user": userID, "subject": subject, "read": false}).Execute()
	return err
}

// Clip shortens s to at most n characters, marking the cut.
func Clip(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n-1]) + "…"
}
