package tiers

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/industry"
	"sponsorbridge/pb/internal/refusal"
)

// Table is the collection of packages.
const Table = "tiers"

// Load reads the packages of the requests ids, in one query, by request
// and in their order; Follow is left to the caller, who knows what is
// still open.
func Load(db dbx.Builder, ids ...string) (map[string][]Tier, error) {
	out := map[string][]Tier{}
	if len(ids) == 0 {
		return out, nil
	}
	in := make([]any, len(ids))
	for i, id := range ids {
		in[i] = id
	}
	var rows []struct {
		ID        string  `db:"id"`
		Request   string  `db:"request"`
		Name      string  `db:"name"`
		Price     float64 `db:"price"`
		Quantity  float64 `db:"quantity"`
		Taken     float64 `db:"taken"`
		Benefits  string  `db:"benefits"`
		SaleStart string  `db:"saleStart"`
		SaleEnd   string  `db:"saleEnd"`
		Exclusive bool    `db:"exclusive"`
	}
	err := db.Select("id", "request", "name", "price", "quantity", "taken", "benefits", "saleStart", "saleEnd", "exclusive").
		From(Table).Where(dbx.In("request", in...)).OrderBy("request", "position").All(&rows)
	if err != nil {
		return nil, fmt.Errorf("tiers: load: %w", err)
	}
	for _, r := range rows {
		t := Tier{ID: r.ID, request: r.Request, Name: r.Name, Price: int64(r.Price), Quantity: int(r.Quantity),
			Taken: int(r.Taken), SaleStart: dateOnly(r.SaleStart), SaleEnd: dateOnly(r.SaleEnd), Exclusive: r.Exclusive,
			Benefits: benefitsOf(r.Benefits)}
		out[r.Request] = append(out[r.Request], t)
	}
	return out, nil
}

// BenefitsOf reads a package record's benefits.
func BenefitsOf(r *core.Record) []Benefit { return benefitsOf(r.GetString("benefits")) }

func benefitsOf(raw string) []Benefit {
	out := []Benefit{}
	_ = json.Unmarshal([]byte(raw), &out)
	if out == nil {
		out = []Benefit{}
	}
	return out
}

// dateOnly is a stored date's day ("" for none).
func dateOnly(stored string) string {
	if len(stored) < 10 {
		return ""
	}
	return stored[:10]
}

// stored is a day as a DateField keeps it.
func stored(day string) string {
	if day == "" {
		return ""
	}
	return day + " 00:00:00.000Z"
}

// Find reads one package of the request requestID in tx (nil when it is
// not one of its packages).
func Find(tx core.App, requestID, id string) (*core.Record, error) {
	r, err := tx.FindRecordById(Table, id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, err
	case r.GetString("request") != requestID:
		return nil, nil
	}
	return r, nil
}

// A Change makes the packages of a request the specs of a body, once
// checked (Plan).
type Change struct {
	request string
	specs   []Spec
	current []*core.Record
	byID    map[string]*core.Record
	kept    map[string]bool
}

// Plan checks, in the caller's transaction, that the packages of request
// requestID may become the specs, in their order: a spec with an id
// updates that package, one without creates one, and the packages not
// named are removed. A package with slots held or sold keeps its price,
// benefits and exclusivity, is not removed, and its quantity goes no lower
// than its slots (409). An id that is not one of the request's packages is
// a field error (tiers.N.id).
func Plan(tx core.App, requestID string, specs []Spec) (*Change, error) {
	current, err := tx.FindRecordsByFilter(Table, "request = {:r}", "position", 0, 0, dbx.Params{"r": requestID})
	if err != nil {
		return nil, err
	}
	c := &Change{request: requestID, specs: specs, current: current, byID: map[string]*core.Record{}, kept: map[string]bool{}}
	for _, r := range current {
		c.byID[r.Id] = r
	}
	for n, s := range specs {
		if s.ID == "" {
			continue
		}
		if c.byID[s.ID] == nil {
			return nil, refusal.Fields(validation.Errors{fmt.Sprintf("tiers.%d.id", n): apierr.Field("validation_not_found", "Package not found")})
		}
		c.kept[s.ID] = true
	}
	for _, r := range current {
		if err := held(r, specOf(specs, r.Id), c.kept[r.Id]); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Save stores the change in the transaction Plan checked it in.
func (c *Change) Save(tx core.App) error {
	for _, r := range c.current {
		if !c.kept[r.Id] {
			if err := tx.Delete(r); err != nil {
				return err
			}
		}
	}
	coll, err := tx.FindCachedCollectionByNameOrId(Table)
	if err != nil {
		return err
	}
	for n, s := range c.specs {
		r := c.byID[s.ID]
		if r == nil {
			r = core.NewRecord(coll)
			r.Set("request", c.request)
			r.Set("taken", 0)
		}
		r.Load(map[string]any{"position": n, "name": s.Name, "price": s.Price, "quantity": s.Quantity,
			"benefits": s.Benefits, "saleStart": stored(s.SaleStart), "saleEnd": stored(s.SaleEnd), "exclusive": s.Exclusive})
		if err := tx.Save(r); err != nil {
			return err
		}
	}
	return nil
}

// Save makes the packages of request requestID the specs (Plan, then
// Change.Save) in the caller's transaction.
func Save(tx core.App, requestID string, specs []Spec) error {
	c, err := Plan(tx, requestID, specs)
	if err != nil {
		return err
	}
	return c.Save(tx)
}

func specOf(specs []Spec, id string) *Spec {
	for i := range specs {
		if specs[i].ID == id {
			return &specs[i]
		}
	}
	return nil
}

// held refuses a change of package r that its slots held or sold forbid
// (next nil or kept false: removed).
func held(r *core.Record, next *Spec, kept bool) error {
	taken := r.GetInt("taken")
	if taken == 0 {
		return nil
	}
	name := r.GetString("name")
	if !kept || next == nil {
		return refusal.Conflictf(fmt.Sprintf("The “%s” package is held by a sponsor, so it cannot be removed.", name))
	}
	if next.Quantity != 0 && next.Quantity < taken {
		slots := "slots"
		if taken == 1 {
			slots = "slot"
		}
		return refusal.Conflictf(fmt.Sprintf("The “%s” package has %d %s held or sold, so its quantity cannot be less than %d.",
			name, taken, slots, taken))
	}
	if next.Price != int64(r.GetInt("price")) || !slices.Equal(next.Benefits, benefitsOf(r.GetString("benefits"))) {
		return refusal.Conflictf(fmt.Sprintf("The “%s” package is held by a sponsor, so its price and benefits cannot change.", name))
	}
	if next.Exclusive != r.GetBool("exclusive") {
		return refusal.Conflictf(fmt.Sprintf("The “%s” package is held by a sponsor, so its exclusivity cannot change.", name))
	}
	return nil
}

// Take takes a slot of package id in tx: one conditional statement, so of
// many members racing for the last slot exactly one gets it. false: sold
// out.
func Take(tx core.App, id string) (bool, error) {
	res, err := tx.DB().NewQuery("UPDATE " + Table + " SET taken = taken + 1 WHERE id = {:id} AND (quantity = 0 OR taken < quantity)").
		Bind(dbx.Params{"id": id}).Execute()
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Free gives back a slot of package id in tx (the pledge that held it
// ended); a package removed meanwhile has none to give back.
func Free(tx core.App, id string) error {
	_, err := tx.DB().NewQuery("UPDATE " + Table + " SET taken = taken - 1 WHERE id = {:id} AND taken > 0").
		Bind(dbx.Params{"id": id}).Execute()
	return err
}

// ExclusiveIndustries answers, read in tx, the industries of the active
// pledges on exclusive packages of the request: what its
// exclusiveIndustries holds. Each once, in the list's order.
func ExclusiveIndustries(tx core.App, requestID string) ([]string, error) {
	var held []string
	err := tx.DB().NewQuery("SELECT DISTINCT c.industry FROM commitments c JOIN " + Table + " t ON t.id = c.tier " +
		"WHERE c.request = {:r} AND c.status = 'active' AND t.exclusive").Bind(dbx.Params{"r": requestID}).Column(&held)
	if err != nil {
		return nil, err
	}
	return Ordered(held), nil
}

// Ordered answers the industries of list that exclusivity applies to,
// each once, in the list's order.
func Ordered(list []string) []string {
	out := []string{}
	for _, e := range industry.All {
		if industry.Competes(e.Key) && slices.Contains(list, string(e.Key)) {
			out = append(out, string(e.Key))
		}
	}
	return out
}

// Strings reads a JSON list of strings field ([] when empty).
func Strings(r *core.Record, field string) []string {
	out := []string{}
	_ = json.Unmarshal([]byte(r.GetString(field)), &out)
	if out == nil {
		out = []string{}
	}
	return out
}
