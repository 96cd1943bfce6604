package messaging

import (
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/notify"
)

// markConversationRead clears the member's unread count in a conversation
// and the message notifications about it, and answers the new totals.
func markConversationRead(e *core.RequestEvent) error {
	conv, err := participantConversation(e)
	if err != nil {
		return err
	}
	// Read and write the conversation in one transaction (writes are
	// serialized): a copy read before the other member's new message would
	// put the older last message back when saved.
	err = e.App.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById(Conversations, conv.Id)
		if err != nil || !IsParticipant(fresh, e.Auth.Id) {
			// the member deleted their account meanwhile (which unlinks them)
			return e.NotFoundError("Conversation not found.", nil)
		}
		field := unreadField(fresh, e.Auth.Id)
		if fresh.GetInt(field) == 0 {
			return nil
		}
		fresh.Set(field, 0)
		// a record save (not raw SQL) so the member's other tabs hear of it through realtime
		return tx.Save(fresh)
	})
	if err != nil {
		return apierr.Or500(e, err)
	}
	if err := notify.MarkSubjectRead(e.App, e.Auth.Id, conv.Id); err != nil {
		return e.InternalServerError("", err)
	}
	totals, err := unreadFor(e.App, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, totals)
}

// Unread are the counts behind the navigation badge.
type Unread struct {
	Messages      int `json:"messages"`
	Notifications int `json:"notifications"`
}

// unreadTotals answers the member's unread messages and notifications.
func unreadTotals(e *core.RequestEvent) error {
	totals, err := unreadFor(e.App, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, totals)
}

func unreadFor(app core.App, userID string) (Unread, error) {
	var u Unread
	err := app.DB().Select("COALESCE(SUM(CASE WHEN [[userA]] = {:me} THEN [[unreadA]] ELSE [[unreadB]] END), 0)").
		From(Conversations).
		Where(dbx.Or(dbx.HashExp{"userA": userID}, dbx.HashExp{"userB": userID})).
		Bind(dbx.Params{"me": userID}).
		Row(&u.Messages)
	if err != nil {
		return u, err
	}
	u.Notifications, err = notify.UnreadCount(app, userID)
	return u, err
}
