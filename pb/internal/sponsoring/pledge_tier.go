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

// packageAllows runs, in the pledge's transaction, the checks of a pledge
// by a member of industry ind on request as it is now, picking tier (nil:
// a free-form pledge): "Any amount" off, a slot left, the sale window, the
// member's industry against what the request is closed to, and an
// exclusive package's own conditions.
func packageAllows(tx core.App, request, tier *core.Record, ind string, now time.Time) error {
	if tier == nil {
		if request.GetBool("tiersOnly") {
			return errTiersOnly
		}
		return allows(request, ind)
	}
	name := tier.GetString("name")
	if q := tier.GetInt("quantity"); q > 0 && tier.GetInt("taken") >= q {
		return soldOut(name)
	}
	t := tiers.Tier{SaleStart: dayOf(tier, "saleStart"), SaleEnd: dayOf(tier, "saleEnd")}
	if notYet, ended := t.Window(now); notYet {
		return refusal.Conflictf(fmt.Sprintf("The “%s” package is not on sale yet.", name))
	} else if ended {
		return refusal.Conflictf(fmt.Sprintf("The “%s” package is no longer on sale.", name))
	}
	if err := allows(request, ind); err != nil {
		return err
	}
	if !tier.GetBool("exclusive") {
		return nil
	}
	i := industry.Industry(ind)
	if !industry.Competes(i) {
		return refusal.Fields(validation.Errors{"tier": apierr.Field("validation_industry_required",
			"Set your industry on your profile to take an exclusive package.")})
	}
	var n int
	err := tx.DB().Select("COUNT(*)").From("commitments").
		Where(dbx.HashExp{"request": request.Id, "status": PledgeActive, "industry": ind}).Row(&n)
	if err != nil {
		return err
	}
	if n > 0 {
		return refusal.Conflictf(fmt.Sprintf("A sponsor in %s already backs this request, so the “%s” package's exclusivity cannot be granted.",
			industry.InSentence(i), name))
	}
	return nil
}

// takeSlot takes a slot of tier (nil: none) by its one conditional
// statement, after the request's write.
func takeSlot(tx core.App, tier *core.Record) error {
	if tier == nil {
		return nil
	}
	took, err := tiers.Take(tx, tier.Id)
	if err != nil {
		return err
	}
	if !took {
		return soldOut(tier.GetString("name"))
	}
	return nil
}

func soldOut(name string) error {
	return refusal.Conflictf(fmt.Sprintf("The “%s” package is sold out.", name))
}

// allows refuses a member of industry ind on a request that holds
// exclusivity for it or refuses it outright.
func allows(request *core.Record, ind string) error {
	if s := tiers.Conflict(ind, tiers.Strings(request, "exclusiveIndustries"), tiers.Strings(request, "clashingIndustries")); s != "" {
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
