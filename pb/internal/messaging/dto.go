package messaging

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/when"
)

// Conversation is the wire shape of a conversation, as one participant sees it.
type Conversation struct {
	ID            string          `json:"id"`
	Other         accounts.Person `json:"other"`
	LastMessage   string          `json:"lastMessage"`
	LastMessageAt string          `json:"lastMessageAt"`
	LastSenderID  string          `json:"lastSenderId"`
	UnreadCount   int             `json:"unreadCount"`
	CreatedAt     string          `json:"createdAt"`
}

// ToConversations maps conversations for the participant viewerID, the
// other members loaded together.
func ToConversations(app core.App, convs []*core.Record, viewerID string) ([]Conversation, error) {
	ids := make([]string, 0, len(convs))
	for _, c := range convs {
		ids = append(ids, Other(c, viewerID))
	}
	people, err := accounts.LoadPeople(app, ids...)
	if err != nil {
		return nil, err
	}
	out := make([]Conversation, 0, len(convs))
	for _, c := range convs {
		out = append(out, toConversation(c, viewerID, people))
	}
	return out, nil
}

// ToConversation maps a conversation for the participant viewerID.
func ToConversation(app core.App, conv *core.Record, viewerID string) Conversation {
	people, _ := accounts.LoadPeople(app, Other(conv, viewerID)) // unread, the member shows as deleted, as PersonOf has it
	return toConversation(conv, viewerID, people)
}

func toConversation(conv *core.Record, viewerID string, people accounts.People) Conversation {
	last := conv.GetString("lastMessage")
	if mine := conv.GetString("lastMessageMine"); mine != "" && conv.GetString("lastSender") == viewerID {
		last = mine
	}
	return Conversation{
		ID:            conv.Id,
		Other:         people.Of(Other(conv, viewerID)),
		LastMessage:   last,
		LastMessageAt: when.API(conv.GetDateTime("lastMessageAt").Time()),
		LastSenderID:  conv.GetString("lastSender"),
		UnreadCount:   conv.GetInt(unreadField(conv, viewerID)),
		CreatedAt:     when.API(conv.GetDateTime("created").Time()),
	}
}

// Message is the wire shape of a message.
type Message struct {
	ID             string          `json:"id"`
	ConversationID string          `json:"conversationId"`
	Sender         accounts.Person `json:"sender"`
	Mine           bool            `json:"mine"`
	Body           string          `json:"body"`
	Kind           string          `json:"kind"`
	ContextType    string          `json:"contextType"`
	ContextID      string          `json:"contextId"`
	// DealID is the deal a note's pledge or accepted application opened
	// ("" for none): the note links to it.
	DealID    string `json:"dealId"`
	CreatedAt string `json:"createdAt"`
}

// ToMessages maps messages for viewerID, their senders and the deals their
// notes opened loaded together.
func ToMessages(app core.App, records []*core.Record, viewerID string) ([]Message, error) {
	senders := make([]string, 0, len(records))
	contexts := map[string][]any{}
	for _, m := range records {
		senders = append(senders, m.GetString("sender"))
		if field := dealField(m.GetString("contextType")); field != "" && m.GetString("contextId") != "" {
			contexts[field] = append(contexts[field], m.GetString("contextId"))
		}
	}
	people, err := accounts.LoadPeople(app, senders...)
	if err != nil {
		return nil, err
	}
	deals, err := dealsOf(app, contexts)
	if err != nil {
		return nil, err
	}
	out := make([]Message, 0, len(records))
	for _, m := range records {
		out = append(out, toMessage(m, viewerID, people, deals))
	}
	return out, nil
}

// ToMessage maps one message for viewerID.
func ToMessage(app core.App, m *core.Record, viewerID string) Message {
	out, err := ToMessages(app, []*core.Record{m}, viewerID)
	if err != nil { // unread, the sender shows as deleted and the note links nowhere, as they always have
		return toMessage(m, viewerID, nil, nil)
	}
	return out[0]
}

func toMessage(m *core.Record, viewerID string, people accounts.People, deals map[string]string) Message {
	sender := m.GetString("sender")
	mine := sender != "" && sender == viewerID
	body := m.GetString("body")
	if own := m.GetString("senderBody"); mine && own != "" {
		body = own // each side reads its own wording of a note
	}
	return Message{
		ID:             m.Id,
		ConversationID: m.GetString("conversation"),
		Sender:         people.Of(sender),
		Mine:           mine,
		Body:           body,
		Kind:           m.GetString("kind"),
		ContextType:    m.GetString("contextType"),
		ContextID:      m.GetString("contextId"),
		DealID:         deals[dealField(m.GetString("contextType"))+":"+m.GetString("contextId")],
		CreatedAt:      when.API(m.GetDateTime("created").Time()),
	}
}

// dealField is the deals field holding a note's context: a pledge
// (commitment) or an application; "" for none.
func dealField(contextType string) string {
	return map[string]string{"commitment": "commitment", "application": "application"}[contextType]
}

// dealsOf are the deals the pledges and applications opened, by their
// unique indexes, keyed "field:id", in one query.
func dealsOf(app core.App, contexts map[string][]any) (map[string]string, error) {
	out := map[string]string{}
	var where []dbx.Expression
	for _, field := range []string{"commitment", "application"} {
		if ids := contexts[field]; len(ids) > 0 {
			where = append(where, dbx.In(field, ids...))
		}
	}
	if len(where) == 0 {
		return out, nil
	}
	var rows []struct {
		ID          string `db:"id"`
		Commitment  string `db:"commitment"`
		Application string `db:"application"`
	}
	if err := app.DB().Select("id", "commitment", "application").From("deals").Where(dbx.Or(where...)).All(&rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		if r.Commitment != "" {
			out["commitment:"+r.Commitment] = r.ID
		}
		if r.Application != "" {
			out["application:"+r.Application] = r.ID
		}
	}
	return out, nil
}
