package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// A note the app writes into a conversation ("Priya applied for your
// sponsorship …") reads differently for the member it is about: each
// side reads its own wording. senderBody holds the sender's; the
// conversation keeps the sender's version of its last message too.
func init() {
	m.Register(func(app core.App) error {
		messages, err := app.FindCollectionByNameOrId("messages")
		if err != nil {
			return err
		}
		messages.Fields.Add(&core.TextField{Name: "senderBody", Max: 2000})
		if err := app.Save(messages); err != nil {
			return err
		}
		conversations, err := app.FindCollectionByNameOrId("conversations")
		if err != nil {
			return err
		}
		conversations.Fields.Add(&core.TextField{Name: "lastMessageMine", Max: 400})
		return app.Save(conversations)
	}, func(app core.App) error {
		for name, field := range map[string]string{"messages": "senderBody", "conversations": "lastMessageMine"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			c.Fields.RemoveByName(field)
			if err := app.Save(c); err != nil {
				return err
			}
		}
		return nil
	})
}
