package matching

import (
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/when"
)

// Packages widen the amount rule (docs/api/packages.md, "Filters"): an
// offer also fits a request when its amount reaches the price of one of
// the request's available tiers, one a sponsor could pick now.

// tier is an available tier of a request: its name and price.
type tier struct {
	rowid int64  // the request's rowid
	id    string // and id
	name  string
	price int64
}

// availableTiersSQL reads the available tiers of the requests meeting a
// condition over r (the request) and t (the tier): a slot left (quantity
// 0 is unlimited), on sale today (from saleStart, through saleEnd, UTC
// days), and a price no more than what the request still has open.
const availableTiersSQL = `SELECT r.rowid, r.id, t.name, t.price FROM tiers t JOIN sponsorship_requests r ON r.id = t.request
	WHERE (t.quantity = 0 OR t.taken < t.quantity)
	AND (t.saleStart = '' OR t.saleStart <= {:now}) AND (t.saleEnd = '' OR t.saleEnd >= {:today})
	AND t.price <= r.requestedAmount - r.pledgedAmount AND `

// availableTiers answers the available tiers of the requests meeting cond,
// cheapest first.
func availableTiers(app core.App, cond string, params dbx.Params, now time.Time) ([]tier, error) {
	params["now"] = when.Stored(now)
	params["today"] = when.Stored(now.UTC().Truncate(24 * time.Hour))
	rows, err := app.DB().NewQuery(availableTiersSQL + cond + " ORDER BY t.price").Bind(params).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tier
	for rows.Next() {
		var t tier
		var price float64
		if err := rows.Scan(&t.rowid, &t.id, &t.name, &price); err != nil {
			return nil, err
		}
		t.price = int64(price)
		out = append(out, t)
	}
	return out, rows.Err()
}

// requestTiers are the available tiers of request id.
func requestTiers(app core.App, id string, now time.Time) ([]tier, error) {
	return availableTiers(app, "r.id = {:id}", dbx.Params{"id": id}, now)
}

// tiersOf are the available tiers of the requests of rowids.
func tiersOf(app core.App, rowids []int64, now time.Time) ([]tier, error) {
	if len(rowids) == 0 {
		return nil, nil
	}
	list := make([]string, len(rowids))
	for i, r := range rowids {
		list[i] = strconv.FormatInt(r, 10)
	}
	return availableTiers(app, "r.rowid IN ("+strings.Join(list, ",")+")", dbx.Params{}, now)
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
