package notify

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/refusal"
)

// UnsubscribeLink is what the link in a notification e-mail carries: the
// member, the topic and the signature that stands for the member.
type UnsubscribeLink struct {
	UserID, Topic, Sig string
}

// msgBadLink is the title of the page of a link that is not valid.
const msgBadLink = "This unsubscribe link is not valid"

// CheckUnsubscribe answers the name of the link's topic, or an Invalid
// refusal when the link is not one this server signed.
func CheckUnsubscribe(app core.App, link UnsubscribeLink) (string, error) {
	name, known := topicNames[link.Topic]
	if !known || link.UserID == "" || !validUnsubscribe(app, link.UserID, link.Topic, link.Sig) {
		return "", refusal.Invalidf(msgBadLink, nil)
	}
	return name, nil
}

// Unsubscribed is what following a valid link did: the topic's name, and
// whether the account was gone (nothing to switch off).
type Unsubscribed struct {
	TopicName string
	Gone      bool
}

// Unsubscribe switches the link's topic off for its member.
func Unsubscribe(app core.App, link UnsubscribeLink) (Unsubscribed, error) {
	name, err := CheckUnsubscribe(app, link)
	if err != nil {
		return Unsubscribed{}, err
	}
	_, err = setPrefs(app, link.UserID, map[string]bool{link.Topic: false})
	return Unsubscribed{TopicName: name, Gone: err != nil}, nil
}
