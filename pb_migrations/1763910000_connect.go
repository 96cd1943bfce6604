package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// The collections of sponsoring and talking: applications, commitments (sponsoring), conversations,
// messages and notifications. Members write none of them through the collection
// API (every write goes through the app's routes); they read only their own
// records, which is also what PocketBase realtime delivers to them.
const (
	conversationReadRule = `@request.auth.id != "" && (userA = @request.auth.id || userB = @request.auth.id)`
	messageReadRule      = `@request.auth.id != "" && (conversation.userA = @request.auth.id || conversation.userB = @request.auth.id)`
	notificationReadRule = `@request.auth.id != "" && user = @request.auth.id`
	applicationReadRule  = `@request.auth.id != "" && (applicant = @request.auth.id || poster = @request.auth.id)`
	commitmentReadRule   = `@request.auth.id != "" && (sponsor = @request.auth.id || poster = @request.auth.id)`
)

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		sponsorships, err := app.FindCollectionByNameOrId("sponsorships")
		if err != nil {
			return err
		}
		requests, err := app.FindCollectionByNameOrId("sponsorship_requests")
		if err != nil {
			return err
		}

		conversations := readOnly(core.NewBaseCollection("conversations"), conversationReadRule)
		// A participant who deletes their account is unset (not cascaded): the
		// other member keeps the conversation. pairKey keeps the pair unique
		// even after that.
		conversations.Fields.Add(
			&core.TextField{Name: "pairKey", Required: true, Max: 64},
			&core.RelationField{Name: "userA", MaxSelect: 1, CollectionId: users.Id},
			&core.RelationField{Name: "userB", MaxSelect: 1, CollectionId: users.Id},
			&core.TextField{Name: "lastMessage", Max: 200},
			&core.DateField{Name: "lastMessageAt"},
			&core.RelationField{Name: "lastSender", MaxSelect: 1, CollectionId: users.Id},
			&core.NumberField{Name: "unreadA", OnlyInt: true},
			&core.NumberField{Name: "unreadB", OnlyInt: true},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		conversations.AddIndex("idx_conversations_pair", true, "pairKey", "")
		conversations.AddIndex("idx_conversations_userA", false, "userA, lastMessageAt", "")
		conversations.AddIndex("idx_conversations_userB", false, "userB, lastMessageAt", "")
		if err := app.Save(conversations); err != nil {
			return err
		}

		messages := readOnly(core.NewBaseCollection("messages"), messageReadRule)
		messages.Fields.Add(
			&core.RelationField{Name: "conversation", Required: true, MaxSelect: 1, CollectionId: conversations.Id, CascadeDelete: true},
			// unset when the sender deletes their account: shown as "Deleted member"
			&core.RelationField{Name: "sender", MaxSelect: 1, CollectionId: users.Id},
			&core.TextField{Name: "body", Required: true, Max: 4000},
			&core.SelectField{Name: "kind", Required: true, MaxSelect: 1, Values: []string{"text", "system"}},
			&core.SelectField{Name: "contextType", MaxSelect: 1, Values: []string{"application", "commitment"}},
			&core.TextField{Name: "contextId", Max: 32},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		messages.AddIndex("idx_messages_conversation", false, "conversation, created", "")
		if err := app.Save(messages); err != nil {
			return err
		}

		notifications := readOnly(core.NewBaseCollection("notifications"), notificationReadRule)
		notifications.Fields.Add(
			&core.RelationField{Name: "user", Required: true, MaxSelect: 1, CollectionId: users.Id, CascadeDelete: true},
			&core.SelectField{Name: "type", Required: true, MaxSelect: 1,
				Values: []string{"application", "application_accepted", "application_declined", "sponsorship", "message"}},
			&core.TextField{Name: "title", Required: true, Max: 200},
			&core.TextField{Name: "body", Max: 500},
			&core.TextField{Name: "link", Max: 200},
			&core.TextField{Name: "subject", Max: 32}, // the conversation or application it is about
			&core.BoolField{Name: "read"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		notifications.AddIndex("idx_notifications_user", false, "user, read, created", "")
		if err := app.Save(notifications); err != nil {
			return err
		}

		applications := readOnly(core.NewBaseCollection("applications"), applicationReadRule)
		applications.Fields.Add(
			&core.RelationField{Name: "sponsorship", Required: true, MaxSelect: 1, CollectionId: sponsorships.Id, CascadeDelete: true},
			&core.RelationField{Name: "applicant", Required: true, MaxSelect: 1, CollectionId: users.Id, CascadeDelete: true},
			&core.RelationField{Name: "poster", Required: true, MaxSelect: 1, CollectionId: users.Id, CascadeDelete: true},
			&core.TextField{Name: "message", Max: 2000},
			&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"pending", "accepted", "declined"}},
			&core.DateField{Name: "decidedAt"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		applications.AddIndex("idx_applications_once", true, "sponsorship, applicant", "")
		applications.AddIndex("idx_applications_applicant", false, "applicant, created", "")
		applications.AddIndex("idx_applications_poster", false, "poster, created", "")
		if err := app.Save(applications); err != nil {
			return err
		}

		commitments := readOnly(core.NewBaseCollection("commitments"), commitmentReadRule)
		commitments.Fields.Add(
			&core.RelationField{Name: "request", Required: true, MaxSelect: 1, CollectionId: requests.Id, CascadeDelete: true},
			// unset when the sponsor deletes their account: the request stays sponsored
			&core.RelationField{Name: "sponsor", MaxSelect: 1, CollectionId: users.Id},
			&core.RelationField{Name: "poster", Required: true, MaxSelect: 1, CollectionId: users.Id, CascadeDelete: true},
			&core.NumberField{Name: "amount", Required: true, OnlyInt: true, Min: types.Pointer(1.0)},
			&core.TextField{Name: "message", Max: 2000},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		// one commitment per request, whatever happens above it
		commitments.AddIndex("idx_commitments_request", true, "request", "")
		commitments.AddIndex("idx_commitments_sponsor", false, "sponsor, created", "")
		return app.Save(commitments)
	}, func(app core.App) error {
		for _, name := range []string{"commitments", "applications", "notifications", "messages", "conversations"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		return nil
	})
}

func readOnly(c *core.Collection, readRule string) *core.Collection {
	c.ListRule = types.Pointer(readRule)
	c.ViewRule = types.Pointer(readRule)
	c.CreateRule, c.UpdateRule, c.DeleteRule = nil, nil, nil
	return c
}
