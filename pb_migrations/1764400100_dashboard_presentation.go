package migrations

import (
	"reflect"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The superuser dashboard (/_/) shows relations by their presentable fields
// (a listing's poster read "N/A") and a field's help under its name. This
// migration names members and listings, and says what the fields that
// matter to an operator mean. It changes no data and no rule.
func init() {
	type field struct {
		presentable bool
		help        string
	}
	listing := map[string]field{
		"title":           {presentable: true},
		"user":            {help: "The poster. Listings are posted and edited by members in the app."},
		"approved":        {help: "Moderation: approve or reject in the app's /admin page (it records the reason and the audit log)."},
		"reviewed":        {help: "Reviewed and not approved means rejected: hidden from everyone but its poster and administrators."},
		"rejectionReason": {help: "Shown to the poster. Set by rejecting in /admin."},
	}
	presentation := map[string]map[string]field{
		"users": {
			"username":           {presentable: true},
			"displayName":        {presentable: true},
			"isAdmin":            {help: "Administrator of the app (/admin). Also: sponsorbridge admin grant|revoke USERNAME --dir <data dir>."},
			"isVerified":         {help: "The verified badge beside the member's name. Verify in /admin → Members."},
			"subscriptionPlan":   {help: "Set by a completed payment; see the payments collection."},
			"subscriptionStatus": {help: "Set by payments and the daily expiry job; posting checks subscriptionExpiry too."},
		},
		"sponsorships":         listing,
		"sponsorship_requests": listing,
		"email_proofs": {
			"email": {presentable: true, help: "Internal, not a member: one record per address that asked for a sign-in code (the code hangs off it). Members are in users."},
		},
		"payments": {
			"orderId": {presentable: true},
			"amount":  {help: "In paise (rupees × 100), as Razorpay counts."},
			"user":    {help: "Empty when the member deleted their account (payments are kept)."},
		},
		"contact_messages": {"subject": {presentable: true}},
		"saved_searches":   {"name": {presentable: true}},
	}
	apply := func(app core.App, undo bool) error {
		for name, fields := range presentation {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			for fieldName, want := range fields {
				f := c.Fields.GetByName(fieldName)
				if f == nil {
					continue
				}
				v := reflect.ValueOf(f).Elem()
				if p := v.FieldByName("Presentable"); p.IsValid() && want.presentable {
					p.SetBool(!undo)
				}
				if h := v.FieldByName("Help"); h.IsValid() && want.help != "" {
					if undo {
						h.SetString("")
					} else {
						h.SetString(want.help)
					}
				}
			}
			if err := app.Save(c); err != nil {
				return err
			}
		}
		return nil
	}
	m.Register(func(app core.App) error { return apply(app, false) }, func(app core.App) error { return apply(app, true) })
}
