package migrations

import (
	"fmt"
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Deals: what follows a match. A pledge to a request and an accepted
// application to an offer each open one deal between the sponsor and the
// recipient: the agreed amount, the deliverables (agreed by both sides) and
// the steps agreed → funded → delivered → completed, or cancelled and
// disputed. Members read their own deals; every write goes through the
// app's routes (pb/internal/deals), each step a conditional UPDATE on the
// deal's status and version. deal_events is each deal's history, shown on
// its page; request_updates are what a request's poster tells all its
// sponsors. Pledges and accepted applications from before deals get theirs.
const dealReadRule = `@request.auth.id != "" && (sponsor = @request.auth.id || recipient = @request.auth.id)`

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		commitments, err := app.FindCollectionByNameOrId("commitments")
		if err != nil {
			return err
		}
		applications, err := app.FindCollectionByNameOrId("applications")
		if err != nil {
			return err
		}

		deals := readOnly(core.NewBaseCollection("deals"), dealReadRule)
		deals.Fields.Add(
			// what opened it: a pledge (commitment) or an accepted application
			&core.RelationField{Name: "commitment", MaxSelect: 1, CollectionId: commitments.Id, CascadeDelete: true},
			&core.RelationField{Name: "application", MaxSelect: 1, CollectionId: applications.Id, CascadeDelete: true},
			&core.SelectField{Name: "listingKind", Required: true, MaxSelect: 1, Values: []string{"sponsorships", "sponsorship_requests"}},
			&core.TextField{Name: "listingId", Required: true, Max: 15},
			&core.TextField{Name: "title", Max: 200},
			// a member who deletes their account is unset: the other keeps the deal
			&core.RelationField{Name: "sponsor", MaxSelect: 1, CollectionId: users.Id},
			&core.RelationField{Name: "recipient", MaxSelect: 1, CollectionId: users.Id},
			&core.NumberField{Name: "amount", Required: true, OnlyInt: true, Min: types.Pointer(1.0)},
			&core.SelectField{Name: "status", Required: true, MaxSelect: 1,
				Values: []string{"negotiating", "agreed", "funded", "delivered", "completed", "cancelled", "disputed"}},
			// bumped by every change: a step names the version it saw
			&core.NumberField{Name: "version", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.JSONField{Name: "deliverables", MaxSize: 64 << 10},
			&core.JSONField{Name: "proposal", MaxSize: 64 << 10},
			&core.TextField{Name: "proposedBy", Max: 15},
			&core.DateField{Name: "agreedAt"},
			&core.DateField{Name: "fundsSentAt"},
			&core.DateField{Name: "fundedAt"},
			&core.DateField{Name: "deliveredAt"},
			&core.DateField{Name: "completedAt"},
			&core.DateField{Name: "cancelledAt"},
			&core.TextField{Name: "cancelledBy", Max: 15},
			&core.TextField{Name: "cancelReason", Max: 1000},
			&core.TextField{Name: "cancelRequestedBy", Max: 15},
			&core.TextField{Name: "cancelRequestReason", Max: 1000},
			&core.DateField{Name: "disputedAt"},
			&core.TextField{Name: "disputedBy", Max: 15},
			&core.TextField{Name: "disputeReason", Max: 2000},
			&core.TextField{Name: "disputeResponse", Max: 2000},
			&core.TextField{Name: "resolution", Max: 2000},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		deals.AddIndex("idx_deals_commitment", true, "commitment", "commitment != ''")
		deals.AddIndex("idx_deals_application", true, "application", "application != ''")
		deals.AddIndex("idx_deals_sponsor", false, "sponsor, updated", "")
		deals.AddIndex("idx_deals_recipient", false, "recipient, updated", "")
		deals.AddIndex("idx_deals_status", false, "status, disputedAt", "")
		if err := app.Save(deals); err != nil {
			return err
		}

		events := core.NewBaseCollection("deal_events")
		events.Fields.Add(
			&core.RelationField{Name: "deal", Required: true, MaxSelect: 1, CollectionId: deals.Id, CascadeDelete: true},
			&core.RelationField{Name: "actor", MaxSelect: 1, CollectionId: users.Id},
			&core.TextField{Name: "kind", Required: true, Max: 40},
			&core.TextField{Name: "text", Max: 2000},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		events.AddIndex("idx_deal_events_deal", false, "deal, created", "")
		if err := app.Save(events); err != nil {
			return err
		}

		// updates a request's poster posts to all its sponsors, read on their deals' pages
		requests, err := app.FindCollectionByNameOrId("sponsorship_requests")
		if err != nil {
			return err
		}
		updates := core.NewBaseCollection("request_updates")
		updates.Fields.Add(
			&core.RelationField{Name: "request", Required: true, MaxSelect: 1, CollectionId: requests.Id, CascadeDelete: true},
			&core.RelationField{Name: "author", MaxSelect: 1, CollectionId: users.Id},
			&core.TextField{Name: "body", Required: true, Max: 2000},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		updates.AddIndex("idx_request_updates_request", false, "request, created", "")
		if err := app.Save(updates); err != nil {
			return err
		}

		// a step of a deal notifies the other side (type "deal")
		if err := setSelectValue(app, "notifications", "type", "deal", true); err != nil {
			return err
		}

		// an administrator's decision on a dispute is in the moderation log
		if err := setSelectValue(app, "moderation_log", "action", "resolve_dispute", true); err != nil {
			return err
		}

		// each member's reliability, kept up to date by the steps (never summed on read)
		users.Fields.Add(
			&core.NumberField{Name: "dealsFunded", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "dealsCompleted", OnlyInt: true, Min: types.Pointer(0.0)},
		)
		if err := app.Save(users); err != nil {
			return err
		}

		// the deals of what came before: active pledges and accepted applications
		for _, q := range []string{
			`INSERT INTO deals (id, commitment, application, listingKind, listingId, title, sponsor, recipient, amount, status,
				version, deliverables, proposal, proposedBy, created, updated)
			 SELECT lower(substr(hex(randomblob(8)), 1, 15)), c.id, '', 'sponsorship_requests', c.request, COALESCE(r.title, ''), c.sponsor, c.poster,
				c.amount, 'negotiating', 0, '[]', 'null', '', c.created, c.created
			 FROM commitments c LEFT JOIN sponsorship_requests r ON r.id = c.request
			 WHERE c.status = 'active'`,
			`INSERT INTO deals (id, commitment, application, listingKind, listingId, title, sponsor, recipient, amount, status,
				version, deliverables, proposal, proposedBy, created, updated)
			 SELECT lower(substr(hex(randomblob(8)), 1, 15)), '', a.id, 'sponsorships', a.sponsorship, COALESCE(s.title, ''), a.poster, a.applicant,
				MAX(COALESCE(s.amount, 1), 1), 'negotiating', 0, '[]', 'null', '', a.created, a.created
			 FROM applications a LEFT JOIN sponsorships s ON s.id = a.sponsorship
			 WHERE a.status = 'accepted'`,
		} {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		if _, err := app.DB().NewQuery(`DELETE FROM notifications WHERE type = 'deal'`).Execute(); err != nil {
			return err
		}
		if err := setSelectValue(app, "notifications", "type", "deal", false); err != nil {
			return err
		}
		if _, err := app.DB().NewQuery(`DELETE FROM moderation_log WHERE action = 'resolve_dispute'`).Execute(); err != nil {
			return err
		}
		if err := setSelectValue(app, "moderation_log", "action", "resolve_dispute", false); err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("dealsFunded")
		users.Fields.RemoveByName("dealsCompleted")
		if err := app.Save(users); err != nil {
			return err
		}
		for _, name := range []string{"request_updates", "deal_events", "deals"} {
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

// setSelectValue adds (or removes) one value of a select field.
func setSelectValue(app core.App, collection, field, value string, present bool) error {
	c, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		return err
	}
	f, ok := c.Fields.GetByName(field).(*core.SelectField)
	if !ok {
		return fmt.Errorf("%s.%s is not a select field", collection, field)
	}
	has := slices.Contains(f.Values, value)
	switch {
	case present && !has:
		f.Values = append(f.Values, value)
	case !present && has:
		f.Values = slices.DeleteFunc(f.Values, func(v string) bool { return v == value })
	default:
		return nil
	}
	return app.Save(c)
}
