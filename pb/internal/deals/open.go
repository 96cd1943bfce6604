package deals

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/tiers"
)

// Opening says what a deal is opened from: a pledge (Commitment) or an
// accepted application (Application), one of the two.
type Opening struct {
	Commitment, Application string
	// ListingTable is sponsorships or sponsorship_requests.
	ListingTable, ListingID, Title string
	Sponsor, Recipient             string
	// Amount is the deal's amount in whole dollars, as the pledge or the
	// offer holds it.
	Amount int64
	// Tier is the package the pledge picked (ID "" for none).
	Tier TierOpening
	// Renewal is set when the sponsor renews a completed deal (renew.go).
	Renewal *RenewalOpening
}

// RenewalOpening is what a renewal opens with: the completed deal it
// renews and the deliverables the sponsor proposes.
type RenewalOpening struct {
	Of       string
	Proposal []Deliverable
	// Category is the renewed deal's, kept when the listing is gone.
	Category string
}

// TierOpening is the package a deal opens from: its benefits are the
// deliverables the poster proposes, and its slot is held for HoldDays (0:
// the default) until the deal is funded (docs/api/packages.md, "Holds").
type TierOpening struct {
	ID, Name string
	Benefits []tiers.Benefit
	HoldDays int
}

// Open creates the deal of a pledge or an accepted application, in the
// caller's transaction, with its first history entry.
func Open(tx core.App, o Opening) (*core.Record, error) {
	c, err := tx.FindCachedCollectionByNameOrId("deals")
	if err != nil {
		return nil, err
	}
	d := core.NewRecord(c)
	d.Load(map[string]any{
		"commitment": o.Commitment, "application": o.Application,
		"listingKind": o.ListingTable, "listingId": o.ListingID, "title": o.Title,
		"sponsor": o.Sponsor, "recipient": o.Recipient, "amount": o.Amount,
		"status": StatusNegotiating, "version": 0, "deliverables": []Deliverable{},
	})
	category, err := firstCategory(tx, o.ListingTable, o.ListingID)
	if err != nil {
		return nil, err
	}
	event, text := "opened", fmt.Sprintf("Deal opened for %s.", money.Dollars(o.Amount))
	if r := o.Renewal; r != nil {
		d.Set("renewalOf", r.Of)
		if len(r.Proposal) > 0 {
			d.Load(map[string]any{"proposal": jsonText(r.Proposal), "proposedBy": o.Sponsor})
		}
		if category == "" {
			category = r.Category // the listing is gone: the renewed deal's
		}
		event, text = "renewed", fmt.Sprintf("Deal opened for %s, renewing a completed deal.", money.Dollars(o.Amount))
	}
	d.Set("category", category)
	if t := o.Tier; t.ID != "" {
		days := t.HoldDays
		if days == 0 {
			days = tiers.DefaultHoldDays
		}
		proposal := make([]Deliverable, 0, len(t.Benefits))
		for _, b := range t.Benefits {
			proposal = append(proposal, Deliverable{ID: newItemID(), Title: b.Title, Due: b.Due})
		}
		d.Load(map[string]any{"tier": t.ID, "tierName": t.Name, "proposal": jsonText(proposal), "proposedBy": o.Recipient,
			"holdUntil": types.NowDateTime().Add(time.Duration(days) * 24 * time.Hour).String()})
	}
	if err := tx.Save(d); err != nil {
		return nil, err
	}
	return d, record(tx, d.Id, o.Sponsor, event, text)
}

// firstCategory is the listing's first category ("" when it has none or is
// gone): the deal keeps it for the benchmark and the overview.
func firstCategory(tx core.App, table, id string) (string, error) {
	if table != listings.Sponsorships.Table && table != listings.Requests.Table {
		return "", fmt.Errorf("deals: no listing table %q", table)
	}
	var category string
	err := tx.DB().NewQuery("SELECT COALESCE(json_extract(categories, '$[0]'), '') FROM " + table + " WHERE id = {:id}").
		Bind(dbx.Params{"id": id}).Row(&category)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return category, err
}

// ErrPledgeFunded: the pledge's deal is funded or past it, so the pledge
// can no longer be withdrawn (a cancel of a funded deal needs both sides).
var ErrPledgeFunded = errors.New("deals: the pledge's deal is funded")

// ErrPledgeGone: the pledge is not active (withdrawn meanwhile).
var ErrPledgeGone = errors.New("deals: pledge not active")

// WithdrawPledge ends an active pledge in the caller's transaction: the
// commitment turns withdrawn, the request's counters go down (a sponsored
// request whose pledges now fall short opens again unless its event has
// passed) and the pledge's deal, not yet funded, is cancelled by the
// sponsor with the same reason. It answers ErrPledgeFunded, and changes
// nothing, when the deal is funded or past it; ErrPledgeGone when the
// pledge was already withdrawn.
func WithdrawPledge(tx core.App, commitment *core.Record, by, reason string) error {
	now := types.NowDateTime().String()
	deal := &core.Record{}
	if err := tx.RecordQuery("deals").AndWhere(dbx.HashExp{"commitment": commitment.Id}).Limit(1).One(deal); err == nil {
		switch deal.GetString("status") {
		case StatusNegotiating, StatusAgreed:
		case StatusCancelled:
			deal = nil
		default:
			return ErrPledgeFunded
		}
	} else {
		deal = nil
	}
	if err := endPledge(tx, commitment, reason, now); err != nil {
		return err
	}
	if deal == nil {
		return nil
	}
	_, err := guarded.Update(tx, "deals", deal.Id, func(d *core.Record) bool {
		return slices.Contains([]string{StatusNegotiating, StatusAgreed}, d.GetString("status"))
	}, func(d *core.Record) {
		d.Load(map[string]any{"status": StatusCancelled, "cancelledAt": now, "cancelledBy": by, "cancelReason": reason,
			"version": d.GetInt("version") + 1})
	})
	if errors.Is(err, guarded.ErrStale) {
		return ErrPledgeFunded // funded between the read and the write
	}
	if err != nil {
		return err
	}
	return record(tx, deal.Id, by, "cancelled", "The sponsor withdrew the pledge. Reason: "+reason)
}

// endPledge turns an active pledge withdrawn and takes its amount off the
// request's counters: a sponsored request whose pledges now fall short opens
// again unless its event has passed; the slot of its package is free again
// and the request's exclusiveIndustries follow the pledges left. Every way
// a pledge ends comes here. ErrPledgeGone when it was not active.
func endPledge(tx core.App, commitment *core.Record, reason, now string) error {
	_, err := guarded.Update(tx, "commitments", commitment.Id, func(c *core.Record) bool {
		return c.GetString("status") == "active"
	}, func(c *core.Record) {
		c.Load(map[string]any{"status": "withdrawn", "withdrawReason": reason, "withdrawn": now})
	})
	if errors.Is(err, guarded.ErrStale) {
		return ErrPledgeGone
	}
	if err != nil {
		return err
	}
	// its package's slot is free again, and the industries held
	// exclusively are those of the pledges still active
	if tier := commitment.GetString("tier"); tier != "" {
		if err := tiers.Free(tx, tier); err != nil {
			return err
		}
	}
	exclusive, err := tiers.ExclusiveIndustries(tx, commitment.GetString("request"))
	if err != nil {
		return err
	}
	amount := commitment.GetInt("amount")
	_, err = guarded.Update(tx, listings.Requests.Table, commitment.GetString("request"), func(r *core.Record) bool {
		return r.GetInt("pledgedAmount") >= amount && r.GetInt("sponsorCount") >= 1
	}, func(r *core.Record) {
		r.Set("pledgedAmount", r.GetInt("pledgedAmount")-amount)
		r.Set("sponsorCount", r.GetInt("sponsorCount")-1)
		r.Set("exclusiveIndustries", exclusive)
		listings.FollowPledges(r, time.Now()) // open again while its event is ahead
	})
	if errors.Is(err, guarded.ErrStale) {
		return fmt.Errorf("deals: the counters of request %s do not hold pledge %s", commitment.GetString("request"), commitment.Id)
	}
	return err
}

// record adds an entry to a deal's history.
func record(tx core.App, dealID, actor, kind, text string) error {
	c, err := tx.FindCachedCollectionByNameOrId("deal_events")
	if err != nil {
		return err
	}
	ev := core.NewRecord(c)
	ev.Load(map[string]any{"deal": dealID, "actor": actor, "kind": kind, "text": text})
	return tx.Save(ev)
}

func dbxDeal(id string) dbx.Expression { return dbx.HashExp{"deal": id} }

// jsonText is a JSON field's value as encoding/json writes it (a nil list
// is null; record.Set of the list itself would store []).
func jsonText(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		return "null"
	}
	return string(raw)
}

// countReached keeps both members' reliability counters as a step leaves
// them: a deal that turned funded counts as funded for each, one that turned
// completed as completed (status is the state the step wrote, if any), and
// isReliable follows in the same UPDATE.
func countReached(tx core.App, d *core.Record, status any) error {
	field := map[any]string{StatusFunded: "dealsFunded", StatusCompleted: "dealsCompleted"}[status]
	if field == "" {
		return nil
	}
	_, err := tx.DB().NewQuery("UPDATE users SET " + field + " = " + field + " + 1, isReliable = (" + reliableAfter(field) + ") WHERE id IN ({:a}, {:b})").
		Bind(dbx.Params{"a": d.GetString("sponsor"), "b": d.GetString("recipient")}).Execute()
	return err
}

// Reliable posters (docs/api/deals.md, "Reliability"): completed deals with
// at least MinReliableDeals distinct, established counterparties, and at
// least ReliablePercent of the member's funded deals completed. A
// counterparty is established for a deal when their account was at least
// EstablishedDays old when the deal completed and the deal was for at least
// MinReliableAmount; each counts once however many deals they completed with
// the member, and a counterparty who deleted their account no longer counts.
// Counters alone are not enough: one plan and a few new free accounts could
// complete forty $1 deals in two seconds. The "Reliable posters" filter keeps
// their listings; users.isReliable is written by the step that moves the
// counters, in its transaction (the search engine follows it like the
// verified badge).
const (
	MinReliableDeals  = 3
	ReliablePercent   = 90
	MinReliableAmount = 50
	EstablishedDays   = 30
)

// reliableAfter is the rule on the member's row as it is after field grows
// by one (SQLite evaluates every SET expression on the row as it was). A
// funded deal can only lower the rate, so it keeps isReliable only while the
// rate holds; a completed one counts the counterparties again (the step's
// deal is completed already in the same transaction).
func reliableAfter(field string) string {
	completed, funded := "dealsCompleted", "dealsFunded"
	switch field {
	case "dealsCompleted":
		completed += " + 1"
	case "dealsFunded":
		funded += " + 1"
		return fmt.Sprintf("isReliable AND (%s) * 100 >= (%s) * %d", completed, funded, ReliablePercent)
	}
	return fmt.Sprintf("(%s) * 100 >= (%s) * %d AND (%s) >= %d", completed, funded, ReliablePercent,
		establishedCounterparties, MinReliableDeals)
}

// establishedCounterparties counts, for the users row being updated, the
// distinct counterparties of its completed deals that count (see above), up
// to MinReliableDeals: it stops at the third. It reads only the member's
// deals, by the sponsor and recipient indexes (the unary + keeps SQLite from
// reading every completed deal by the status index instead), in the step's
// write transaction: docs/api/deals.md, "Reliability", has its cost.
var establishedCounterparties = fmt.Sprintf(`SELECT COUNT(*) FROM (SELECT DISTINCT o.id FROM (
		SELECT recipient AS other, completedAt, amount FROM deals WHERE sponsor = users.id AND +status = 'completed'
		UNION ALL
		SELECT sponsor AS other, completedAt, amount FROM deals WHERE recipient = users.id AND +status = 'completed'
	) c JOIN users o ON o.id = c.other
	WHERE c.amount >= %d AND julianday(c.completedAt) - julianday(o.created) >= %d LIMIT %d)`,
	MinReliableAmount, EstablishedDays, MinReliableDeals)

// A package's benefits open its deal as the proposed deliverables, so the
// package's limits are the deliverables' (each array's length is 0 only
// when the two agree; the build fails otherwise).
var (
	_ [tiers.MaxBenefits - MaxDeliverables]struct{}
	_ [MaxDeliverables - tiers.MaxBenefits]struct{}
	_ [tiers.MaxBenefitTitle - MaxDeliverableTitle]struct{}
	_ [MaxDeliverableTitle - tiers.MaxBenefitTitle]struct{}
)
