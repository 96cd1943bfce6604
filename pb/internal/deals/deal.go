// Package deals is what follows a match: a pledge to a request, or an
// accepted application to an offer, opens a deal between the sponsor and the
// recipient. Its two members agree on the deliverables (what the sponsor
// gets), then the sponsor marks the money sent and the recipient confirms it
// arrived (SponsorBridge moves no money between members), the recipient
// marks each deliverable done with proof, and the sponsor confirms the deal
// completed. Either side may cancel before the money moved; after that a
// cancel needs both sides, or goes to the administrators as a dispute.
//
// Every step is one guarded.Update on the deal's status and version, in
// a transaction with its history entry (deal_events) and the other side's
// notification: two steps at once end with one of them, the other answered
// 409. The rules of who may do what in which state are docs/api/deals.md.
package deals

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/when"
)

// The states of a deal.
const (
	StatusNegotiating = "negotiating" // opened: the deliverables are not agreed yet
	StatusAgreed      = "agreed"      // both sides agreed the deliverables
	StatusFunded      = "funded"      // the recipient confirmed the money arrived
	StatusDelivered   = "delivered"   // every deliverable is marked done
	StatusCompleted   = "completed"   // the sponsor confirmed
	StatusCancelled   = "cancelled"
	StatusDisputed    = "disputed" // with the administrators
)

// Statuses lists every state, in the order a deal goes through them.
var Statuses = []string{StatusNegotiating, StatusAgreed, StatusFunded, StatusDelivered, StatusCompleted,
	StatusCancelled, StatusDisputed}

// Limits of what members write into a deal, in characters and items.
const (
	MaxDeliverables     = 20
	MaxDeliverableTitle = 120
	MaxProofText        = 1000
	MaxProofLink        = 500
	MaxReason           = 1000
	MaxDisputeText      = 2000
)

// Deliverable is one thing the sponsor gets.
type Deliverable struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Due is a date (YYYY-MM-DD) or "".
	Due string `json:"due"`
	// DoneAt is when the recipient marked it done ("" until then), with
	// their proof: a note, a link, a picture, or any of them.
	DoneAt    string `json:"doneAt"`
	ProofText string `json:"proofText"`
	ProofLink string `json:"proofLink"`
	// ProofPicture is the id of the proof's picture ("" for none), read at
	// GET /api/deals/{id}/pictures/{picture}.
	ProofPicture string `json:"proofPicture"`
}

// Event is one entry of a deal's history.
type Event struct {
	Kind      string           `json:"kind"`
	Text      string           `json:"text"`
	Actor     *accounts.Person `json:"actor"`
	CreatedAt string           `json:"createdAt"`
}

// DealListing names the listing a deal came from.
type DealListing struct {
	// Kind is the listing's route segment: sponsorships or sponsorship-requests.
	Kind  string `json:"kind"`
	ID    string `json:"id"`
	Title string `json:"title"`
	// Deleted is set on a deal's own page when the listing is gone (its
	// poster deleted it or their account): the page names it without a link
	// to a page that would not be found.
	Deleted bool `json:"deleted,omitzero"`
}

// Deal is the wire shape of a deal, as its members (and, in a dispute, the
// administrators) read it.
type Deal struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	// Version changes with every step: agreeing to a proposal names the
	// version it was read at.
	Version int             `json:"version"`
	Amount  int             `json:"amount"`
	Sponsor accounts.Person `json:"sponsor"`
	// Recipient is the member the money goes to: the request's poster, or
	// the applicant to an offer.
	Recipient accounts.Person `json:"recipient"`
	Listing   DealListing     `json:"listing"`
	// Origin is "pledge", "application", or "renewal" (a sponsor renewed
	// the completed deal RenewalOf, "" for the others).
	Origin    string `json:"origin"`
	RenewalOf string `json:"renewalOf"`
	// Category is the listing's first category when the deal opened ("" if
	// unknown).
	Category     string        `json:"category"`
	Deliverables []Deliverable `json:"deliverables"`
	// Proposal is a list of deliverables one side proposed and the other
	// has not agreed yet (empty when none), by ProposedBy.
	Proposal            []Deliverable `json:"proposal"`
	ProposedBy          string        `json:"proposedBy"`
	AgreedAt            string        `json:"agreedAt"`
	FundsSentAt         string        `json:"fundsSentAt"`
	FundedAt            string        `json:"fundedAt"`
	DeliveredAt         string        `json:"deliveredAt"`
	CompletedAt         string        `json:"completedAt"`
	CancelledAt         string        `json:"cancelledAt"`
	CancelledBy         string        `json:"cancelledBy"`
	CancelReason        string        `json:"cancelReason"`
	CancelRequestedBy   string        `json:"cancelRequestedBy"`
	CancelRequestReason string        `json:"cancelRequestReason"`
	DisputedAt          string        `json:"disputedAt"`
	DisputedBy          string        `json:"disputedBy"`
	DisputeReason       string        `json:"disputeReason"`
	DisputeResponse     string        `json:"disputeResponse"`
	Resolution          string        `json:"resolution"`
	// Tier is the package the deal was opened from (null for none), and
	// HoldUntil when its slot's hold ends unless the deal is funded first
	// ("" once funded or ended; docs/api/packages.md, "Holds").
	Tier      *TierRef `json:"tier"`
	HoldUntil string   `json:"holdUntil"`
	CreatedAt string   `json:"createdAt"`
	UpdatedAt string   `json:"updatedAt"`
	// Events is the deal's history, oldest first, and Updates what the
	// request's poster told all its sponsors (on the deal's own page).
	Events  []Event  `json:"events,omitempty"`
	Updates []Update `json:"updates,omitempty"`
	// Reviews is what the reading member may see of the deal's reviews
	// (only on GET /api/deals/{id}, to its members).
	Reviews *DealReviews `json:"reviews,omitempty"`
}

// TierRef names a package on a deal or a pledge.
type TierRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// ToDeals maps deals records, their members loaded together.
func ToDeals(app core.App, rows []*core.Record) ([]Deal, error) {
	ids := make([]string, 0, 2*len(rows))
	for _, r := range rows {
		ids = append(ids, r.GetString("sponsor"), r.GetString("recipient"))
	}
	people, err := accounts.LoadPeople(app, ids...)
	if err != nil {
		return nil, err
	}
	out := make([]Deal, 0, len(rows))
	for _, r := range rows {
		out = append(out, toDeal(r, people))
	}
	return out, nil
}

// ToDeal maps one deals record (a member who cannot be read shows as
// deleted, as PersonOf has it).
func ToDeal(app core.App, r *core.Record) Deal {
	people, _ := accounts.LoadPeople(app, r.GetString("sponsor"), r.GetString("recipient"))
	return toDeal(r, people)
}

// toDeal maps a deals record whose members people holds.
func toDeal(r *core.Record, people accounts.People) Deal {
	d := Deal{
		ID: r.Id, Status: r.GetString("status"), Version: r.GetInt("version"), Amount: r.GetInt("amount"),
		Sponsor:             people.Of(r.GetString("sponsor")),
		Recipient:           people.Of(r.GetString("recipient")),
		Deliverables:        items(r, "deliverables"),
		Proposal:            items(r, "proposal"),
		ProposedBy:          r.GetString("proposedBy"),
		AgreedAt:            stamp(r, "agreedAt"),
		FundsSentAt:         stamp(r, "fundsSentAt"),
		FundedAt:            stamp(r, "fundedAt"),
		DeliveredAt:         stamp(r, "deliveredAt"),
		CompletedAt:         stamp(r, "completedAt"),
		CancelledAt:         stamp(r, "cancelledAt"),
		CancelledBy:         r.GetString("cancelledBy"),
		CancelReason:        r.GetString("cancelReason"),
		CancelRequestedBy:   r.GetString("cancelRequestedBy"),
		CancelRequestReason: r.GetString("cancelRequestReason"),
		DisputedAt:          stamp(r, "disputedAt"),
		DisputedBy:          r.GetString("disputedBy"),
		DisputeReason:       r.GetString("disputeReason"),
		DisputeResponse:     r.GetString("disputeResponse"),
		Resolution:          r.GetString("resolution"),
		CreatedAt:           stamp(r, "created"),
		UpdatedAt:           stamp(r, "updated"),
	}
	if d.Deliverables == nil {
		d.Deliverables = []Deliverable{}
	}
	if id := r.GetString("tier"); id != "" {
		d.Tier = &TierRef{ID: id, Name: r.GetString("tierName")}
		if d.Status == StatusNegotiating || d.Status == StatusAgreed {
			d.HoldUntil = stamp(r, "holdUntil")
		}
	}
	if d.Proposal == nil || d.Status == StatusCancelled || d.Status == StatusCompleted {
		// a deal that ended waits for no answer: a proposal left open when it
		// was cancelled stays in its history, not as something to agree to
		d.Proposal, d.ProposedBy = []Deliverable{}, ""
	}
	// by the listing's kind, which the deal keeps: its pledge or application
	// is unset when a member deletes their account
	d.Origin, d.RenewalOf, d.Category = "pledge", r.GetString("renewalOf"), r.GetString("category")
	switch {
	case d.RenewalOf != "":
		d.Origin = "renewal"
	case r.GetString("listingKind") == listings.Sponsorships.Table:
		d.Origin = "application"
	}
	d.Listing = listingOf(r)
	return d
}

// listingOf names the listing a deals record came from.
func listingOf(r *core.Record) DealListing {
	return DealListing{
		Kind:  apiSegment(r.GetString("listingKind")),
		ID:    r.GetString("listingId"),
		Title: r.GetString("title"),
	}
}

// apiSegment is the API's name of the listing kind kept in table.
func apiSegment(table string) string {
	if k, ok := listings.KindOfTable(table); ok {
		return k.APISegment()
	}
	return ""
}

// withEvents is the deal's wire shape with its history and updates, the
// people they name loaded together.
func withEvents(app core.App, r *core.Record) (Deal, error) {
	var events []*core.Record
	err := app.RecordQuery("deal_events").AndWhere(dbxDeal(r.Id)).OrderBy("created ASC", "rowid ASC").All(&events)
	if err != nil {
		return Deal{}, err
	}
	updates, err := updateRecords(app, r)
	if err != nil {
		return Deal{}, err
	}
	ids := []string{r.GetString("sponsor"), r.GetString("recipient")}
	for _, ev := range events {
		ids = append(ids, ev.GetString("actor"))
	}
	for _, u := range updates {
		ids = append(ids, u.GetString("author"))
	}
	people, err := accounts.LoadPeople(app, ids...)
	if err != nil {
		return Deal{}, err
	}
	d := toDeal(r, people)
	if _, err := app.FindRecordById(r.GetString("listingKind"), r.GetString("listingId")); err != nil {
		if !errors.Is(err, sql.ErrNoRows) {
			return d, err
		}
		d.Listing.Deleted = true
	}
	d.Events = make([]Event, 0, len(events))
	for _, ev := range events {
		e := Event{Kind: ev.GetString("kind"), Text: ev.GetString("text"), CreatedAt: stamp(ev, "created")}
		if id := ev.GetString("actor"); id != "" {
			p := people.Of(id)
			e.Actor = &p
		}
		d.Events = append(d.Events, e)
	}
	d.Updates = make([]Update, 0, len(updates))
	for _, u := range updates {
		d.Updates = append(d.Updates, updateOf(u, people))
	}
	return d, nil
}

func stamp(r *core.Record, field string) string {
	return when.API(r.GetDateTime(field).Time())
}

// items reads a list of deliverables from a JSON field (nil when unset).
func items(r *core.Record, field string) []Deliverable {
	var out []Deliverable
	if err := r.UnmarshalJSONField(field, &out); err != nil {
		return nil
	}
	return out
}

// Counted is the SQL condition of a counted deal, the deals table under
// alias: completed and never disputed (a dispute, whatever its outcome,
// takes a deal out for good). What is measured about a member and who their
// past sponsors are come from their counted deals alone
// (docs/api/proof-of-value.md, its counted deals).
func Counted(alias string) string {
	return alias + ".status = '" + StatusCompleted + "' AND " + alias + ".disputedAt = ''"
}

// Percent is part of whole as a whole percentage rounded half up, nil when
// whole is 0: every on-time share (kits, reports, the overview) is one.
func Percent(part, whole int) *int {
	if whole == 0 {
		return nil
	}
	p := (200*part + whole) / (2 * whole)
	return &p
}
