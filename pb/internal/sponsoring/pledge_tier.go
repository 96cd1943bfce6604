package sponsoring

import (
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/industry"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/tiers"
)

// A pledge that picks a package (docs/api/packages.md, "Picking a tier").

var (
	errTierNotFound = refusal.NotFoundf("Package not found.")
	errTiersOnly    = refusal.Conflictf("This request takes packages only. Pick one of its packages.")
)

// pickedTier reads the package a pledge names, in its transaction: nil
// without one; 404 when it is not one of the request's.
func pickedTier(tx core.App, requestID, id string) (*core.Record, error) {
	if id == "" {
		return nil, nil
	}
	t, err := tiers.Find(tx, requestID, id)
	if err != nil {
		return nil, err
	}
	if t == nil {
		return nil, errTierNotFound
	}
	return t, nil
}

// exclusiveGranted answers the industries a request holds exclusively
// once a member of industry ind takes tier (nil: a pledge without a
// package): ind joins them when the package is exclusive.
func exclusiveGranted(request, tier *core.Record, ind string) []string {
	held := tiers.Strings(request, "exclusiveIndustries")
	if tier != nil && tier.GetBool("exclusive") && industry.Competes(industry.Industry(ind)) {
		held = tiers.Ordered(append(held, ind))
	}
	return held
}

// closedTo is what a request is closed to, as the pledge's conditional
// update read it (before this pledge's exclusivity joined it).
type closedTo struct{ exclusive, clashing []string }

// takeTier runs a package pick's checks in the pledge's transaction, after
// the request's conditional update: a slot taken by one conditional
// statement, the sale window, the member's industry against what the
// request is closed to, and an exclusive package's own conditions. Each
// refusal rolls the whole pledge back.
func takeTier(tx core.App, requestID string, closed closedTo, tier *core.Record, ind string, now time.Time) error {
	name := tier.GetString("name")
	took, err := tiers.Take(tx, tier.Id)
	if err != nil {
		return err
	}
	if !took {
		return refusal.Conflictf(fmt.Sprintf("The “%s” package is sold out.", name))
	}
	var t tiers.Tier
	t.SaleStart, t.SaleEnd = dayOf(tier, "saleStart"), dayOf(tier, "saleEnd")
	if notYet, ended := t.Window(now); notYet {
		return refusal.Conflictf(fmt.Sprintf("The “%s” package is not on sale yet.", name))
	} else if ended {
		return refusal.Conflictf(fmt.Sprintf("The “%s” package is no longer on sale.", name))
	}
	if err := closed.allows(ind); err != nil {
		return err
	}
	if !tier.GetBool("exclusive") {
		return nil
	}
	i := industry.Industry(ind)
	if industry.Competes(i) {
		var n int
		err := tx.DB().Select("COUNT(*)").From("commitments").
			Where(dbx.HashExp{"request": requestID, "status": PledgeActive, "industry": ind}).Row(&n)
		if err != nil {
			return err
		}
		if n > 0 {
			return refusal.Conflictf(fmt.Sprintf("A sponsor in %s already backs this request, so the “%s” package's exclusivity cannot be granted.",
				industry.InSentence(i), name))
		}
		return nil
	}
	return refusal.Fields(validation.Errors{"tier": apierr.Field("validation_industry_required",
		"Set your industry on your profile to take an exclusive package.")})
}

// allows refuses a member of industry ind on a request that holds
// exclusivity for it or refuses it outright.
func (c closedTo) allows(ind string) error {
	if s := tiers.Conflict(ind, c.exclusive, c.clashing); s != "" {
		return refusal.Conflictf(s)
	}
	return nil
}

func dayOf(r *core.Record, field string) string {
	if s := r.GetString(field); len(s) >= 10 {
		return s[:10]
	}
	return ""
}
