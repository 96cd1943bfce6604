package messaging

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

// Unread are the counts behind the navigation badge.
type Unread struct {
	Messages      int `json:"messages"`
	Notifications int `json:"notifications"`
}

// MarkConversationRead clears memberID's unread count in the conversation
// convID and the message notifications about it, and answers the new
// totals.
func MarkConversationRead(app core.App, memberID, convID string) (Unread, error) {
	conv, err := Participating(app, convID, memberID)
	if err != nil {
		return Unread{}, err
	}
	// The conversation is read and written in one transaction (writes are
	// serialized): a copy read before the other member's new message would
	// put the older last message back when saved.
	err = app.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById(Conversations, conv.Id)
		if err != nil || !IsParticipant(fresh, memberID) {
			// the member deleted their account meanwhile (which unlinks them)
			return errConversationNotFound()
		}
		field := unreadField(fresh, memberID)
		if fresh.GetInt(field) == 0 {
			return nil
		}
		fresh.Set(field, 0)
		// a record save (not raw SQL) so the member's other tabs hear of it through realtime
		return tx.Save(fresh)
	})
	if err != nil {
		return Unread{}, err
	}
	if err := notify.MarkSubjectRead(app, memberID, conv.Id); err != nil {
		return Unread{}, err
	}
	return unreadFor(app, memberID)
}

func errConversationNotFound() error { return refusal.NotFoundf("Conversation not found.") }

// Participating is the conversation convID if memberID takes part in it.
// Everyone else gets the same NotFound as for a missing one.
func Participating(app core.App, convID, memberID string) (*core.Record, error) {
	conv, err := app.FindRecordById(Conversations, convID)
	if err != nil || !IsParticipant(conv, memberID) {
		return nil, errConversationNotFound()
	}
	return conv, nil
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
