package sponsoring

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/messaging"
)

// introduction is what an application or a commitment says in the
// conversation between the two members.
type introduction struct {
	from, to    string
	note        string // the system line naming the listing, as the other member reads it
	senderNote  string // the same line as its sender reads it
	contextType string // "application" or "commitment"
	contextID   string
	message     string // the member's own words, if any
}

// introduce opens (or continues) the conversation between the two members
// and posts the introduction in it. Run inside the caller's transaction.
func introduce(tx core.App, in introduction) (string, error) {
	conv, _, err := messaging.Open(tx, in.from, in.to)
	if err != nil {
		return "", err
	}
	_, err = messaging.SendIn(tx, conv, messaging.Post{
		SenderID: in.from, Body: in.note, SenderBody: in.senderNote, System: true, ContextType: in.contextType, ContextID: in.contextID,
	})
	if err != nil {
		return "", err
	}
	if in.message != "" {
		if _, err := messaging.SendIn(tx, conv, messaging.Post{SenderID: in.from, Body: in.message}); err != nil {
			return "", err
		}
	}
	return conv.Id, nil
}
