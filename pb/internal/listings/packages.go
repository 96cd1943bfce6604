package listings

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/tiers"
)

// A request's packages on its answers (docs/api/packages.md).

// planPackages checks, in the caller's transaction, the packages of a
// validated body against those of the request id (their slots taken);
// nothing when the body left them out.
func (c *cleaned) planPackages(tx core.App, id string) error {
	if c.tiers == nil {
		return nil
	}
	var err error
	c.packages, err = tiers.Plan(tx, id, *c.tiers)
	return err
}

// savePackages stores the packages planned (planPackages) or, on a new
// request, those of the body, in the caller's transaction.
func (c *cleaned) savePackages(tx core.App, id string) error {
	switch {
	case c.packages != nil:
		return c.packages.Save(tx)
	case c.tiers != nil:
		return tiers.Save(tx, id, *c.tiers)
	}
	return nil
}

// withTiers sets the packages of the requests among ls that have any, read
// in one query, and what is left of each at now. The others keep their
// empty list.
func (s *Store) withTiers(ls []*Listing, now time.Time) error {
	var ids []string
	for _, l := range ls {
		if l.hasTiers {
			ids = append(ids, l.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	found, err := tiers.Load(s.app.DB(), ids...)
	if err != nil {
		return err
	}
	for _, l := range ls {
		if list := found[l.ID]; len(list) > 0 {
			open := *l.RequestedAmount - *l.PledgedAmount
			for i := range list {
				list[i].Follow(open, now)
			}
			l.Tiers = list
		}
	}
	return nil
}

// tiersExpire is when a request's packages change with the clock (a sale
// starts or ends), or the card's own expiry if sooner.
func tiersExpire(l *Listing, expires int64, now time.Time) int64 {
	if at := tiers.Changes(l.Tiers, now); at != 0 && (expires == 0 || at < expires) {
		return at
	}
	return expires
}

// conflictOf is the sentence refusing viewer on a request closed to the
// industries exclusive (held exclusively) and clashing, or "".
func conflictOf(viewer Viewer, exclusive, clashing []string) string {
	if viewer.Industry == "" {
		return ""
	}
	return tiers.Conflict(viewer.Industry, exclusive, clashing)
}
