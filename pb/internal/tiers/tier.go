// Package tiers is a request's packages (docs/api/packages.md): their
// validation, their storage in the tiers collection, their answer with what
// is left, and the one conditional statement that takes a slot. It knows
// the request only by id and amounts: listings stores and answers tiers
// through it, sponsoring takes a slot, deals frees one.
package tiers

import (
	"fmt"
	"time"

	"sponsorbridge/pb/internal/industry"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/when"
)

// The limits of a request's packages.
const (
	MaxTiers    = 6
	MaxName     = 60
	MaxQuantity = 50
	MaxBenefits = 20
	// MaxBenefits and MaxBenefitTitle are a deal's MaxDeliverables and
	// MaxDeliverableTitle: a package's benefits become its deal's proposed
	// deliverables (pb/internal/deals checks they agree when it compiles).
	MaxBenefitTitle = 120
	DefaultHoldDays = 7
	MaxHoldDays     = 30
)

// Benefit is one line of what a package gives, the shape of a deal's
// deliverable: the deal of a package opens with them proposed.
type Benefit struct {
	Title string `json:"title"`
	// Due is YYYY-MM-DD, or "".
	Due string `json:"due"`
}

// Tier is one package as a request's answers carry it.
type Tier struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Price    int64  `json:"price"`
	Quantity int    `json:"quantity"` // 0: unlimited
	Taken    int    `json:"taken"`    // slots held or sold
	// Left is Quantity - Taken, null when unlimited.
	Left     *int      `json:"left"`
	Benefits []Benefit `json:"benefits"`
	// SaleStart and SaleEnd are YYYY-MM-DD or "": the package can be
	// picked from SaleStart and through SaleEnd.
	SaleStart string `json:"saleStart"`
	SaleEnd   string `json:"saleEnd"`
	Exclusive bool   `json:"exclusive"`
	// Available tells whether a member other than the poster could pick
	// it now; UnavailableReason says why not, in the words a pick is
	// refused with ("" when available). The viewer's own industry conflict
	// is the request's industryConflict, beside.
	Available         bool   `json:"available"`
	UnavailableReason string `json:"unavailableReason"`
	// request is the id of the request it belongs to (loading a page).
	request string
}

// Request is the id of the request the tier belongs to.
func (t *Tier) Request() string { return t.request }

// Window tells whether the sale window refuses a pick at now: before
// SaleStart's day (notYet), or after SaleEnd's (ended).
func (t *Tier) Window(now time.Time) (notYet, ended bool) {
	if start, err := time.Parse(time.DateOnly, t.SaleStart); err == nil && now.Before(start) {
		return true, false
	}
	if end, err := time.Parse(time.DateOnly, t.SaleEnd); err == nil && !now.Before(end.AddDate(0, 0, 1)) {
		return false, true
	}
	return false, false
}

// Follow sets Left, Available and UnavailableReason for a request with
// open dollars still open, at now.
func (t *Tier) Follow(open int64, now time.Time) {
	t.Left = nil
	if t.Quantity > 0 {
		left := max(0, t.Quantity-t.Taken)
		t.Left = &left
	}
	notYet, ended := t.Window(now)
	switch {
	case t.Left != nil && *t.Left == 0:
		t.UnavailableReason = "Sold out"
	case notYet:
		start, _ := time.Parse(time.DateOnly, t.SaleStart)
		t.UnavailableReason = "On sale from " + when.Date(start)
	case ended:
		t.UnavailableReason = "Sale ended"
	case t.Price > open:
		t.UnavailableReason = "More than the " + money.Dollars(max(0, open)) + " still open"
	default:
		t.UnavailableReason = ""
	}
	t.Available = t.UnavailableReason == ""
}

// Changes answers the unix second after now at which a tier's answer
// changes with the clock (its sale starts or ends), 0 for never.
func Changes(list []Tier, now time.Time) int64 {
	var next int64
	consider := func(day string, plus int) {
		d, err := time.Parse(time.DateOnly, day)
		if err != nil {
			return
		}
		at := d.AddDate(0, 0, plus).Unix()
		if at > now.Unix() && (next == 0 || at < next) {
			next = at
		}
	}
	for _, t := range list {
		consider(t.SaleStart, 0)
		consider(t.SaleEnd, 1)
	}
	return next
}

// Conflict is the sentence that refuses a member of industry ind on a
// request closed to exclusive (held exclusively) and clashing industries,
// or "".
func Conflict(ind string, exclusive, clashing []string) string {
	i := industry.Industry(ind)
	if !industry.Competes(i) {
		return ""
	}
	for _, e := range exclusive {
		if e == ind {
			return HoldsExclusivity(i)
		}
	}
	for _, c := range clashing {
		if c == ind {
			return fmt.Sprintf("This request does not accept sponsors in %s.", industry.InSentence(i))
		}
	}
	return ""
}

// HoldsExclusivity is the refusal of a member whose industry holds an
// exclusive package of the request.
func HoldsExclusivity(i industry.Industry) string {
	return fmt.Sprintf("A sponsor in %s holds exclusivity here.", industry.InSentence(i))
}
