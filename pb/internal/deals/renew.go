package deals

import (
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// MaxRenewalAmount is the most a renewal may be for.
const MaxRenewalAmount = 10_000_000

// renewing admits the sponsor of a completed deal.
var renewing = Step[NoInput]{by: sponsorOnly, from: []string{StatusCompleted}, refused: "only a completed deal is renewed."}

var (
	errRenewed       = refusal.Conflictf("You have already renewed this deal.")
	errNobodyToRenew = refusal.Conflictf("The other side of this deal deleted their account: there is no one to renew with.")
)

// RenewInput is the body of POST /api/deals/{id}/renew.
type RenewInput struct {
	// Amount is the new deal's (absent: the completed deal's).
	Amount *int `json:"amount,omitzero"`
	// EventDate is the next event's date (YYYY-MM-DD), not in the past, or
	// absent: the due dates move by the time between the two events.
	EventDate string `json:"eventDate,omitzero"`
}

func (f *RenewInput) validate(today string) error {
	f.EventDate = strings.TrimSpace(f.EventDate)
	errs := validation.Errors{}
	if f.Amount != nil && (*f.Amount < 1 || *f.Amount > MaxRenewalAmount) {
		errs["amount"] = apierr.Field("validation_invalid_amount", "Amount must be a whole number from 1 to 10,000,000")
	}
	if f.EventDate != "" {
		if _, err := time.Parse(time.DateOnly, f.EventDate); err != nil || f.EventDate < today {
			errs["eventDate"] = apierr.Field("validation_invalid_date", "The event date must be a date (YYYY-MM-DD), not in the past")
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// Renew opens, for the sponsor me of completed deal dealID, a new deal
// with the same member on the same listing: the completed deal's
// deliverables as the sponsor's proposal (new ids, no proof, due dates
// moved to the next event or cleared). One renewal a deal (the unique
// index on renewalOf: of two at once, one opens and the other is refused).
// The recipient is told; both deals' histories say it.
func Renew(app core.App, dealID string, me *core.Record, in RenewInput) (*core.Record, error) {
	if err := in.validate(time.Now().In(when.India).Format(time.DateOnly)); err != nil {
		return nil, invalid(err)
	}
	old, err := renewing.Admit(app, dealID, me)
	if err != nil {
		return nil, err
	}
	if old.GetString("recipient") == "" {
		return nil, errNobodyToRenew
	}
	amount := int64(old.GetInt("amount"))
	if in.Amount != nil {
		amount = int64(*in.Amount)
	}
	shift, known := eventShift(app, old, in.EventDate)
	proposal := renewedItems(items(old, "deliverables"), shift, known)
	var d *core.Record
	err = app.RunInTransaction(func(tx core.App) error {
		if n, err := tx.CountRecords("deals", dbx.HashExp{"renewalOf": old.Id}); err != nil || n > 0 {
			return firstErr(err, errRenewed)
		}
		d, err = Open(tx, Opening{ListingTable: old.GetString("listingKind"), ListingID: old.GetString("listingId"),
			Title: old.GetString("title"), Sponsor: me.Id, Recipient: old.GetString("recipient"), Amount: amount,
			Renewal: &RenewalOpening{Of: old.Id, Proposal: proposal, Category: old.GetString("category")}})
		if err != nil {
			return err
		}
		if err := record(tx, old.Id, me.Id, "renewed", fmt.Sprintf("%s renewed this deal: a new deal is open.", me.GetString("displayName"))); err != nil {
			return err
		}
		return notify.Create(tx, notify.Note{UserID: d.GetString("recipient"), Type: notify.TypeDeal,
			Title: fmt.Sprintf("%s wants to sponsor your next event again", name(me)),
			Body:  fmt.Sprintf("%s proposes the deliverables of %s again.", me.GetString("displayName"), titleOf(old)),
			Link:  "/deals/" + d.Id, Subject: d.Id})
	})
	if err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed: deals.renewalOf") {
		return nil, errRenewed // renewed at the same time by another request
	}
	return d, err
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// eventShift is the time from the completed deal's event (its listing's
// eventDate) to the next one, and whether both are known.
func eventShift(app core.App, old *core.Record, next string) (time.Duration, bool) {
	if next == "" {
		return 0, false
	}
	listing, err := app.FindRecordById(old.GetString("listingKind"), old.GetString("listingId"))
	if err != nil || listing.GetDateTime("eventDate").IsZero() {
		return 0, false
	}
	from, _ := time.Parse(time.DateOnly, listing.GetDateTime("eventDate").Time().In(when.India).Format(time.DateOnly))
	to, _ := time.Parse(time.DateOnly, next)
	return to.Sub(from), true
}

// renewedItems are the completed deal's deliverables as a new proposal:
// new ids, no proof, each due date moved by shift when known, else cleared.
func renewedItems(list []Deliverable, shift time.Duration, known bool) []Deliverable {
	out := make([]Deliverable, 0, len(list))
	for _, it := range list {
		due := ""
		if d, err := time.Parse(time.DateOnly, it.Due); err == nil && known {
			due = d.Add(shift).Format(time.DateOnly)
		}
		out = append(out, Deliverable{ID: newItemID(), Title: it.Title, Due: due})
	}
	return out
}
