package matching

import (
	"cmp"
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/tiers"
)

// Packages widen the amount rule (docs/api/packages.md, "Filters"): an
// offer also fits a request when its amount reaches the price of one of
// the request's available tiers, one a sponsor could pick now (the tiers'
// own rule: tiers.Tier.Follow).

// tier is an available tier of a request: its name and price.
type tier struct {
	rowid int64  // the request's rowid
	id    string // and id
	name  string
	price int64
}

// availableTiers answers the available tiers of the requests meeting cond
// (over the requests' table), cheapest first.
func availableTiers(app core.App, cond dbx.Expression, now time.Time) ([]tier, error) {
	var requests []struct {
		Rowid int64   `db:"rowid"`
		ID    string  `db:"id"`
		Open  float64 `db:"open"`
	}
	err := app.DB().Select("rowid", "id", "(requestedAmount - pledgedAmount) AS open").From(listings.Requests.Table).
		Where(cond).AndWhere(dbx.HashExp{"hasTiers": true}).All(&requests)
	if err != nil || len(requests) == 0 {
		return nil, err
	}
	ids := make([]string, len(requests))
	for i, r := range requests {
		ids[i] = r.ID
	}
	loaded, err := tiers.Load(app.DB(), ids...)
	if err != nil {
		return nil, err
	}
	var out []tier
	for _, r := range requests {
		for _, t := range loaded[r.ID] {
			if t.Follow(int64(r.Open), now); t.Available {
				out = append(out, tier{rowid: r.Rowid, id: r.ID, name: t.Name, price: t.Price})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b tier) int { return cmp.Compare(a.price, b.price) })
	return out, nil
}

// requestTiers are the available tiers of request id.
func requestTiers(app core.App, id string, now time.Time) ([]tier, error) {
	return availableTiers(app, dbx.HashExp{"id": id}, now)
}

// tiersOf are the available tiers of the requests of rowids.
func tiersOf(app core.App, rowids []int64, now time.Time) ([]tier, error) {
	if len(rowids) == 0 {
		return nil, nil
	}
	in := make([]any, len(rowids))
	for i, r := range rowids {
		in[i] = r
	}
	return availableTiers(app, dbx.In("rowid", in...), now)
}

// reached is the dearest of tiers (cheapest first) an amount reaches.
func reached(tiers []tier, amount int64) (tier, bool) {
	var best tier
	ok := false
	for _, t := range tiers {
		if t.price <= amount {
			best, ok = t, true
		}
	}
	return best, ok
}

// fitsHalf is the amount rule without packages: the offer covers at least
// half of the requested amount.
func fitsHalf(offer, requested int64) bool { return offer >= (requested+1)/2 }

// packageFit is the name of the package through which an offer of amount
// offer fits a request of amount requested, whose available tiers are
// tiers: "" when it fits without one (half the request), or fits not.
func packageFit(offer, requested int64, tiers []tier) string {
	if fitsHalf(offer, requested) {
		return ""
	}
	t, _ := reached(tiers, offer)
	return t.name
}
