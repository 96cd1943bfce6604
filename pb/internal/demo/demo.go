// Package demo seeds a fresh data directory with the demo administrator, a
// few members and realistic listings, so `make run` shows a living product.
// It runs only in demo mode; a start without demo mode never creates an
// account with a known password.
package demo

import (
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/appconfig"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/listings"
)

type member struct {
	username, displayName, bio string
	verified, admin            bool
}

var members = []member{
	{appconfig.DemoUsername, "SponsorBridge Admin", "Keeps SponsorBridge friendly and fair.", true, true},
	{"priya", "Priya Sharma", "Runs weekend coding clubs for girls in Pune.", true, false},
	{"daniel", "Daniel Okafor", "Community organiser and small-business owner in Lagos.", false, false},
	{"amara", "Amara Silva", "Environmental scientist; beach clean-ups every month.", true, false},
	{"kenji", "Kenji Watanabe", "Indie game studio founder who sponsors student makers.", false, false},
}

// Seed fills an empty database. It is a no-op when any member exists, except
// that the demo accounts' passwords are reset to the demo password, so the
// printed credentials always work.
func Seed(app core.App, password string) error {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	total, err := app.CountRecords(users)
	if err != nil {
		return err
	}
	if total > 0 {
		return resetPasswords(app, password)
	}

	return app.RunInTransaction(func(tx core.App) error {
		ids := map[string]string{}
		for _, m := range members {
			r := core.NewRecord(users)
			r.Set("username", m.username)
			r.Set("displayName", m.displayName)
			r.Set("bio", m.bio)
			r.Set("isVerified", m.verified)
			r.Set("isAdmin", m.admin)
			r.SetPassword(password)
			if m.admin {
				r.Set("subscriptionPlan", "biannual")
				r.Set("subscriptionStatus", "active")
				r.Set("subscriptionExpiry", types.NowDateTime().AddDate(1, 0, 0))
			}
			if err := tx.Save(r); err != nil {
				return fmt.Errorf("demo: member %s: %w", m.username, err)
			}
			ids[m.username] = r.Id
		}
		if err := seedListings(tx, ids); err != nil {
			return err
		}
		return seedProof(tx)
	})
}

func resetPasswords(app core.App, password string) error {
	for _, m := range members {
		r, err := app.FindFirstRecordByData("users", "username", m.username)
		if err != nil {
			continue // the operator removed it; leave it gone
		}
		if r.ValidatePassword(password) {
			continue
		}
		r.SetPassword(password)
		if err := app.Save(r); err != nil {
			return err
		}
	}
	return nil
}

// seedListings inserts the samples oldest first, so that insertion order
// (the list's newest-first order) matches their backdated creation times.
func seedListings(app core.App, ids map[string]string) error {
	now := time.Now().UTC()
	for i, s := range samples {
		kind := listings.Sponsorships
		if s.request {
			kind = listings.Requests
		}
		table, amountField := kind.Table, kind.AmountField
		c, err := app.FindCollectionByNameOrId(table)
		if err != nil {
			return err
		}
		r := core.NewRecord(c)
		r.Set("title", s.title)
		r.Set("description", s.description)
		r.Set(amountField, s.amount)
		r.Set("location", s.location)
		r.Set("categories", s.categories)
		r.Set("user", ids[s.poster])
		created := now.Add(-time.Duration(len(samples)-i) * 7 * time.Hour)
		r.SetRaw("created", types.NowDateTime().Add(created.Sub(now)))
		if s.request {
			r.Set("status", s.status)
			if s.status == "sponsored" { // covered by the one pledge seedCommitment stores
				r.Set("pledgedAmount", s.amount)
				r.Set("sponsorCount", 1)
			}
			if s.eventInDays > 0 {
				r.Set("eventDate", types.NowDateTime().AddDate(0, 0, s.eventInDays))
			}
		}
		if s.approved {
			r.Set("reviewed", true)
			r.Set("approved", true)
		}
		if err := app.Save(r); err != nil {
			return fmt.Errorf("demo: listing %q: %w", s.title, err)
		}
		if s.request && s.status == "sponsored" {
			if err := seedCommitment(app, r, ids[sponsoredBy[s.title]]); err != nil {
				return fmt.Errorf("demo: listing %q: %w", s.title, err)
			}
		}
	}
	return nil
}

// sponsoredBy names the sponsor of each sponsored sample request: a
// sponsored request always has its pledges (here one, of the whole amount)
// and each pledge its deal.
var sponsoredBy = map[string]string{"Youth football league kits": "priya"}

func seedCommitment(app core.App, request *core.Record, sponsorID string) error {
	if sponsorID == "" {
		return fmt.Errorf("no sponsor named for a sponsored request")
	}
	c, err := app.FindCollectionByNameOrId("commitments")
	if err != nil {
		return err
	}
	r := core.NewRecord(c)
	r.Set("request", request.Id)
	r.Set("sponsor", sponsorID)
	r.Set("poster", request.GetString("user"))
	r.Set("amount", request.GetInt("requestedAmount"))
	r.Set("status", "active")
	r.Set("message", "Happy to cover the kits for all twelve teams. Good luck this season!")
	if err := app.Save(r); err != nil {
		return err
	}
	// a pledge opens its deal, in the demo as in the app (pb/internal/sponsoring/pledge.go)
	_, err = deals.Open(app, deals.Opening{Commitment: r.Id, ListingTable: listings.Requests.Table, ListingID: request.Id,
		Title: request.GetString("title"), Sponsor: sponsorID, Recipient: request.GetString("user"), Amount: int64(r.GetInt("amount"))})
	return err
}
