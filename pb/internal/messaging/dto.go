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

// ToMessage maps a message for viewerID; people caches senders across a page.
func ToMessage(app core.App, m *core.Record, viewerID string, people map[string]accounts.Person) Message {
	sender := m.GetString("sender")
	p, ok := people[sender]
	if !ok {
		p = accounts.PersonOf(app, sender)
		people[sender] = p
	}
	mine := sender != "" && sender == viewerID
	body := m.GetString("body")
	if own := m.GetString("senderBody"); mine && own != "" {
		body = own // each side reads its own wording of a note
	}
	return Message{
		ID:             m.Id,
		ConversationID: m.GetString("conversation"),
		Sender:         p,
		Mine:           mine,
		Body:           body,
		Kind:           m.GetString("kind"),
		ContextType:    m.GetString("contextType"),
		ContextID:      m.GetString("contextId"),
		DealID:         dealOf(app, m.GetString("contextType"), m.GetString("contextId")),
		CreatedAt:      when.API(m.GetDateTime("created").Time()),
	}
}

// dealOf is the deal a pledge (commitment) or an application opened, by
// their unique indexes; "" for none.
func dealOf(app core.App, contextType, contextID string) string {
	field := map[string]string{"commitment": "commitment", "application": "application"}[contextType]
	if field == "" || contextID == "" {
		return ""
	}
	var id string
	_ = app.DB().Select("id").From("deals").Where(dbx.HashExp{field: contextID}).Limit(1).Row(&id)
	return id
}
