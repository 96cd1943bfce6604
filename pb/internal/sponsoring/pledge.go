package sponsoring

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/tiers"
	"sponsorbridge/pb/internal/when"
)

// Pledge statuses.
const (
	PledgeActive    = "active"
	PledgeWithdrawn = "withdrawn"
)

const activePledgeIndex = "idx_commitments_active_pledge"

var (
	errAlreadyPledged = refusal.Invalidf("You have already pledged to this request. Withdraw it to pledge a different amount.", nil)
	errTurnedDown     = refusal.Conflictf("The poster cancelled your pledge to this request, so you cannot pledge to it again.")
	// errNotOpen: the request did not take the pledge; notOpen says why.
	errNotOpen = errors.New("sponsoring: the pledge does not fit the request")
)

// PledgeBody is the optional body of a pledge: a package of the request
// (its price is the amount), or an amount in whole dollars (missing or
// null: what is still open), and a message to the poster.
type PledgeBody struct {
	MessageBody
	Tier   string        `json:"tier,omitzero"`
	Amount *PledgeAmount `json:"amount,omitzero"`
}

// PledgeAmount is the amount a pledge's body names. It reads any JSON
// value, keeping one that is not a number as NaN, so that anything but a
// whole number gets the amount field's own message rather than the body's.
type PledgeAmount float64

// UnmarshalJSON implements json.Unmarshaler.
func (a *PledgeAmount) UnmarshalJSON(b []byte) error {
	var n float64
	if err := json.Unmarshal(b, &n); err != nil {
		n = math.NaN()
	}
	*a = PledgeAmount(n)
	return nil
}

// dollars is the body's amount in dollars (0: what is still open), or its
// field error. It is the pledge's one conversion: from here to the stored
// commitment, its deal and the answer the amount is an int64.
func (b *PledgeBody) dollars(errs validation.Errors) int64 {
	if b.Amount == nil {
		return 0
	}
	switch n := float64(*b.Amount); {
	case math.IsNaN(n) || math.IsInf(n, 0) || n != math.Trunc(n):
		errs["amount"] = apierr.Field("validation_whole_amount", "Amount must be a whole number")
	case n < 1:
		errs["amount"] = apierr.Field("validation_min_amount", "Amount must be at least 1")
	default:
		// more than any request can ask is refused as more than is open
		return int64(math.Min(n, listings.MaxAmount+1))
	}
	return 0
}

// Pledge records member me's pledge to the open request requestID and
// answers the stored commitment. The pledge is one guarded.Update of the
// request (still open, event not passed, and the pledges plus this one no
// more than the requested amount) that adds it to pledgedAmount and
// sponsorCount and marks the request sponsored when they reach the amount:
// the request row's one write. It runs inside the transaction that stores
// the commitment, opens its deal, posts the introduction and notifies the
// poster. When many members pledge at once, every write that would
// over-fund the request is refused and its member is told what is still
// open (notOpen).
func Pledge(app core.App, me *core.Record, requestID string, body PledgeBody) (*core.Record, error) {
	errs := validation.Errors{}
	body.fieldErrors(errs)
	body.Tier = strings.TrimSpace(body.Tier)
	var amount int64
	if body.Tier == "" { // a package's price is the amount
		amount = body.dollars(errs)
	}
	if err := invalid(errs); err != nil {
		return nil, err
	}
	request, err := target(app, me, listings.Requests.Table, requestID,
		"You cannot sponsor your own request.",
		"This request was not approved and cannot be sponsored.")
	if err != nil {
		return nil, err
	}
	collection, err := app.FindCachedCollectionByNameOrId("commitments")
	if err != nil {
		return nil, err
	}
	commitment := core.NewRecord(collection)
	ind := me.GetString("industry") // the pledge keeps it as it is now
	err = app.RunInTransaction(func(tx core.App) error {
		if err := mayPledge(tx, me.Id, request.Id); err != nil {
			return err
		}
		tier, err := pickedTier(tx, request.Id, body.Tier)
		if err != nil {
			return err
		}
		if tier != nil {
			amount = int64(tier.GetInt("price"))
		}
		// the package and the member's industry are checked before the
		// request's write: a refusal writes nothing, and no other write
		// runs until this transaction ends (guarded.Update)
		current, err := tx.FindRecordById(listings.Requests.Table, request.Id)
		if err != nil {
			return refusal.NotFoundf(msgListingNotFound)
		}
		if err := packageAllows(tx, current, tier, ind, time.Now()); err != nil {
			return err
		}
		pledged, err := guarded.Update(tx, listings.Requests.Table, request.Id, func(r *core.Record) bool {
			if amount == 0 { // what is still open
				amount = dollars(r, "requestedAmount") - dollars(r, "pledgedAmount")
			}
			return amount >= 1 && r.GetString("status") == listings.StatusOpen &&
				listings.EventNotPassed(r.GetString("eventDate"), time.Now()) &&
				dollars(r, "pledgedAmount")+amount <= dollars(r, "requestedAmount")
		}, func(r *core.Record) {
			r.Set("pledgedAmount", dollars(r, "pledgedAmount")+amount)
			r.Set("sponsorCount", r.GetInt("sponsorCount")+1)
			listings.FollowPledges(r, time.Now()) // sponsored once the pledges reach the amount
			r.Set("exclusiveIndustries", exclusiveGranted(r, tier, ind))
		})
		if errors.Is(err, guarded.ErrStale) {
			return errNotOpen
		}
		if err != nil {
			return err
		}
		if err := takeSlot(tx, tier); err != nil {
			return err
		}
		commitment.Load(map[string]any{"request": pledged.Id, "sponsor": me.Id, "poster": pledged.GetString("user"),
			"amount": amount, "status": PledgeActive, "message": body.Message, "tier": body.Tier, "industry": ind})
		if err := tx.Save(commitment); err != nil {
			if strings.Contains(err.Error(), activePledgeIndex) {
				return errAlreadyPledged
			}
			return err
		}
		return pledgeFollows(tx, me, pledged, commitment, tier, amount)
	})
	if errors.Is(err, errNotOpen) {
		return nil, notOpen(app, request.Id)
	}
	if err != nil {
		return nil, err
	}
	return commitment, nil
}

// dollars is an amount field of a request.
func dollars(r *core.Record, field string) int64 { return int64(r.GetInt(field)) }

// mayPledge refuses a pledge, in its transaction, from a member who is gone,
// who holds an active pledge on the request already, or whose pledge to it
// the poster cancelled.
func mayPledge(tx core.App, memberID, requestID string) error {
	if err := membership.Still(tx, memberID); err != nil {
		return err
	}
	has, err := hasActivePledge(tx, requestID, memberID)
	if err != nil {
		return err
	}
	if has {
		return errAlreadyPledged
	}
	turnedDown, err := posterCancelled(tx, requestID, memberID)
	if err != nil {
		return err
	}
	if turnedDown {
		return errTurnedDown
	}
	return nil
}

// pledgeFollows is what a stored pledge brings in its transaction: its
// deal, the introduction in the members' conversation and the poster's
// notification.
func pledgeFollows(tx core.App, me, request, commitment, tier *core.Record, amount int64) error {
	title, poster := request.GetString("title"), request.GetString("user")
	opening := deals.Opening{Commitment: commitment.Id, ListingTable: listings.Requests.Table,
		ListingID: request.Id, Title: title, Sponsor: me.Id, Recipient: poster, Amount: amount}
	if tier != nil {
		opening.Tier = deals.TierOpening{ID: tier.Id, Name: tier.GetString("name"), Benefits: tiers.BenefitsOf(tier),
			HoldDays: request.GetInt("holdDays")}
	}
	deal, err := deals.Open(tx, opening)
	if err != nil {
		return err
	}
	pledge := money.Dollars(amount)
	progress := fmt.Sprintf("%s of %s pledged", money.Dollars(dollars(request, "pledgedAmount")),
		money.Dollars(dollars(request, "requestedAmount")))
	message := commitment.GetString("message")
	_, err = introduce(tx, introduction{
		from: me.Id, to: poster,
		note:        fmt.Sprintf("%s pledged %s to your request “%s” (%s).", me.GetString("displayName"), pledge, title, progress),
		senderNote:  fmt.Sprintf("You pledged %s to the request “%s” (%s).", pledge, title, progress),
		contextType: "commitment", contextID: commitment.Id, message: message,
	})
	if err != nil {
		return err
	}
	what := pledge
	if tier != nil { // the poster reads which package, the sponsor until when they hold it
		what = fmt.Sprintf("%s for the “%s” package", pledge, tier.GetString("name"))
		err := notify.Create(tx, notify.Note{UserID: me.Id, Type: notify.TypeDeal,
			Title: fmt.Sprintf("You hold the “%s” package until %s", tier.GetString("name"), when.DateTime(deal.GetDateTime("holdUntil").Time())),
			Body:  fmt.Sprintf("Agree the deliverables of “%s” and send the money before then, or the slot is free again.", notify.Clip(title, 120)),
			Link:  "/deals/" + deal.Id, Subject: deal.Id})
		if err != nil {
			return err
		}
	}
	heading := "“" + notify.Clip(title, 120) + "” has a new pledge"
	if request.GetString("status") == listings.StatusSponsored {
		heading = "“" + notify.Clip(title, 120) + "” has been sponsored"
	}
	return notify.Create(tx, notify.Note{
		UserID:  poster,
		Type:    notify.TypeSponsorship,
		Title:   heading,
		Body:    strings.TrimSpace(fmt.Sprintf("%s pledged %s (%s). %s", me.GetString("displayName"), what, progress, message)),
		Link:    "/deals/" + deal.Id,
		Subject: commitment.Id,
	})
}

// notOpen is the refusal of a pledge the request did not take, from the
// request as it is now: what is still open, or why nothing is.
func notOpen(app core.App, requestID string) error {
	current, err := app.FindRecordById(listings.Requests.Table, requestID)
	if err != nil { // its poster deleted their account meanwhile
		return refusal.NotFoundf(msgListingNotFound)
	}
	// The reason the listing itself shows: a request the event job has
	// closed says its date has passed, as it did before the job ran.
	switch listings.ClosedReason(current.GetString("status"), current.GetString("eventDate"), time.Now()) {
	case listings.ClosedSponsored:
		return refusal.Conflictf("This project has already been sponsored.")
	case listings.ClosedEventPassed:
		return refusal.Conflictf("This request's event date has passed; it can no longer be sponsored.")
	case listings.ClosedByPoster:
		return refusal.Conflictf("This request is closed and can no longer be sponsored.")
	}
	open := dollars(current, "requestedAmount") - dollars(current, "pledgedAmount")
	if open < 1 {
		return refusal.Conflictf("This project has already been sponsored.")
	}
	return refusal.Conflictf(fmt.Sprintf("Only %s is still open on this request. Pledge at most that.", money.Dollars(open)))
}

// posterCancelled tells whether the request's poster cancelled a deal of
// this member's pledge to it before the money moved. Such a member may not
// pledge to that request again: a whole-amount pledge takes a request out
// of Browse, and one re-made each time the poster cancels it would keep it
// out for good. Read in the pledge's transaction, after the cancel's.
func posterCancelled(app core.App, requestID, sponsorID string) (bool, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From("deals").
		Where(dbx.HashExp{"sponsor": sponsorID, "listingKind": listings.Requests.Table, "listingId": requestID,
			"status": deals.StatusCancelled, "fundedAt": ""}).
		AndWhere(dbx.NewExp("cancelledBy = recipient")).Row(&n)
	return n > 0, err
}

// hasActivePledge tells whether the member holds an active pledge on the request.
func hasActivePledge(app core.App, requestID, sponsorID string) (bool, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From("commitments").
		Where(dbx.HashExp{"request": requestID, "sponsor": sponsorID, "status": PledgeActive}).Row(&n)
	return n > 0, err
}
