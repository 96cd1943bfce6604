package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Payments are Razorpay (or sandbox) orders and what became of them; webhook
// events remember which provider notifications were already handled.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		if err := app.Save(paymentsCollection(users.Id)); err != nil {
			return err
		}
		return app.Save(webhookEventsCollection())
	}, func(app core.App) error {
		for _, name := range []string{"webhook_events", "payments"} {
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

func paymentsCollection(usersID string) *core.Collection {
	c := core.NewBaseCollection("payments")
	// Members read their own payments (the /subscription history), administrators
	// all of them; every write goes through the payment routes.
	read := `@request.auth.id != "" && (user = @request.auth.id || @request.auth.isAdmin = true)`
	c.ListRule = types.Pointer(read)
	c.ViewRule = types.Pointer(read)
	c.CreateRule, c.UpdateRule, c.DeleteRule = nil, nil, nil

	c.Fields.Add(
		&core.TextField{Name: "orderId", Required: true, Max: 64},
		&core.TextField{Name: "paymentId", Max: 64},
		// Not required and no cascade: a deleted account leaves its payments
		// (with an empty owner) for the accounts instead of blocking the deletion.
		&core.RelationField{Name: "user", MaxSelect: 1, CollectionId: usersID},
		&core.SelectField{Name: "plan", Required: true, MaxSelect: 1, Values: []string{"monthly", "quarterly", "biannual"}},
		&core.NumberField{Name: "amount", Required: true, OnlyInt: true, Min: types.Pointer(1.0)},
		&core.TextField{Name: "currency", Required: true, Max: 3},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"created", "paid", "failed"}},
		&core.SelectField{Name: "provider", Required: true, MaxSelect: 1, Values: []string{"razorpay", "sandbox"}},
		&core.TextField{Name: "receipt", Max: 40},
		&core.DateField{Name: "activatedAt"},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	c.AddIndex("idx_payments_orderId", true, "orderId", "")
	c.AddIndex("idx_payments_paymentId", true, "paymentId", "paymentId != ''")
	c.AddIndex("idx_payments_user_created", false, "user, created", "")
	return c
}

func webhookEventsCollection() *core.Collection {
	c := core.NewBaseCollection("webhook_events")
	// Only superusers (dashboard) see these.
	c.ListRule, c.ViewRule, c.CreateRule, c.UpdateRule, c.DeleteRule = nil, nil, nil, nil, nil
	c.Fields.Add(
		&core.TextField{Name: "eventId", Required: true, Max: 128},
		&core.TextField{Name: "event", Max: 64},
		&core.TextField{Name: "orderId", Max: 64},
		&core.TextField{Name: "outcome", Max: 64},
		&core.AutodateField{Name: "created", OnCreate: true},
	)
	c.AddIndex("idx_webhook_events_eventId", true, "eventId", "")
	return c
}
