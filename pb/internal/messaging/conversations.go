// Package messaging holds the conversations between two members and their
// messages: the routes of /messages, and Open/Send for the features that
// start a conversation (applications, sponsoring). Live delivery is
// PocketBase realtime; the collections' read rules (see the migration) keep
// every record to its two participants.
package messaging

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/notify"
)

// Collection names.
const (
	Conversations = "conversations"
	Messages      = "messages"
)

// MaxBody is the longest message, in characters.
const MaxBody = 4000

// PairKey names the conversation between two members, whatever their order.
func PairKey(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + ":" + b
}

// Open finds or creates the conversation between members a and b.
func Open(tx core.App, a, b string) (*core.Record, bool, error) {
	if a == b || a == "" || b == "" {
		return nil, false, errors.New("messaging: a conversation needs two different members")
	}
	key := PairKey(a, b)
	if r, err := tx.FindFirstRecordByData(Conversations, "pairKey", key); err == nil {
		return r, false, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return nil, false, err
	}
	c, err := tx.FindCachedCollectionByNameOrId(Conversations)
	if err != nil {
		return nil, false, err
	}
	if a > b {
		a, b = b, a
	}
	r := core.NewRecord(c)
	r.Set("pairKey", key)
	r.Set("userA", a)
	r.Set("userB", b)
	if err := tx.Save(r); err != nil {
		// the other member may have opened it at the same moment
		if existing, findErr := tx.FindFirstRecordByData(Conversations, "pairKey", key); findErr == nil {
			return existing, false, nil
		}
		return nil, false, fmt.Errorf("messaging: open: %w", err)
	}
	return r, true, nil
}

// IsParticipant tells whether userID is one of the conversation's members.
func IsParticipant(conv *core.Record, userID string) bool {
	return userID != "" && (conv.GetString("userA") == userID || conv.GetString("userB") == userID)
}

// Other is the id of the participant who is not userID ("" once they deleted their account).
func Other(conv *core.Record, userID string) string {
	if conv.GetString("userA") == userID {
		return conv.GetString("userB")
	}
	return conv.GetString("userA")
}

// unreadField is the counter of the participant userID.
func unreadField(conv *core.Record, userID string) string {
	if conv.GetString("userA") == userID {
		return "unreadA"
	}
	return "unreadB"
}

// Post is one message to send.
type Post struct {
	SenderID    string
	Body        string
	SenderBody  string // a system note as its sender reads it ("You applied for …"); empty: Body
	System      bool   // a note about an application or commitment, written by the app
	ContextType string // "application" or "commitment" for system messages
	ContextID   string
}

// Send stores a message in the conversation convID, moves the conversation's
// last message and counts it unread for the recipient. Run it inside a
// transaction: the counters are read and written in it.
func Send(tx core.App, convID string, p Post) (*core.Record, error) {
	conv, err := tx.FindRecordById(Conversations, convID)
	if err != nil {
		return nil, err
	}
	return SendIn(tx, conv, p)
}

// SendIn is Send to the conversation conv as read (or last saved) in the
// same transaction tx: a caller that has just read or opened it there does
// not read it again while holding the one writer. Two SendIn on one record
// write what two Send would (PocketBase saves every field of the record,
// as it is in memory, each time).
func SendIn(tx core.App, conv *core.Record, p Post) (*core.Record, error) {
	c, err := tx.FindCachedCollectionByNameOrId(Messages)
	if err != nil {
		return nil, err
	}
	msg := core.NewRecord(c)
	msg.Set("conversation", conv.Id)
	msg.Set("sender", p.SenderID)
	msg.Set("body", p.Body)
	msg.Set("kind", "text")
	if p.System {
		msg.Set("kind", "system")
		msg.Set("contextType", p.ContextType)
		msg.Set("contextId", p.ContextID)
		msg.Set("senderBody", p.SenderBody)
	}
	if err := tx.Save(msg); err != nil {
		return nil, fmt.Errorf("messaging: save message: %w", err)
	}

	recipient := Other(conv, p.SenderID)
	// a message after the other side's answers it: one sample of the
	// sender's time to answer (their reliability panel)
	if last := conv.GetDateTime("lastMessageAt"); !p.System && !last.IsZero() && recipient != "" && conv.GetString("lastSender") == recipient {
		if err := accounts.RecordAnswer(tx, p.SenderID, time.Since(last.Time())); err != nil {
			return nil, err
		}
	}
	conv.Set("lastMessage", notify.Clip(p.Body, 200))
	mine := ""
	if p.SenderBody != "" {
		mine = notify.Clip(p.SenderBody, 200)
	}
	conv.Set("lastMessageMine", mine)
	conv.Set("lastMessageAt", types.NowDateTime())
	conv.Set("lastSender", p.SenderID)
	if recipient != "" {
		field := unreadField(conv, recipient)
		conv.Set(field, conv.GetInt(field)+1)
	}
	if err := tx.Save(conv); err != nil {
		return nil, fmt.Errorf("messaging: save conversation: %w", err)
	}
	return msg, nil
}
