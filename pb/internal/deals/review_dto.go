package deals

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
)

// Review is the wire shape of a review.
type Review struct {
	ID      string          `json:"id"`
	DealID  string          `json:"dealId"`
	Listing DealListing     `json:"listing"`
	Rating  int             `json:"rating"`
	Body    string          `json:"body"`
	Author  accounts.Person `json:"author"`
	Subject accounts.Person `json:"subject"`
	// VisibleAt is when it is (or will be) shown to others.
	VisibleAt string `json:"visibleAt"`
	CreatedAt string `json:"createdAt"`
	Reply     string `json:"reply"`
	RepliedAt string `json:"repliedAt"`
	// Hidden and HiddenReason only ever reach administrators: members never
	// read a hidden review.
	Hidden       bool   `json:"hidden"`
	HiddenReason string `json:"hiddenReason"`
}

// DealReviews is what a deal's page says of its reviews to one of its
// members.
type DealReviews struct {
	// Open: the member may write their review now (and has not yet).
	Open bool `json:"open"`
	// OpensAt is when the reviews of a funded deal open ("" when they are
	// open, when the deal completed, or when they never will).
	OpensAt string `json:"opensAt"`
	// Mine is the member's own review (shown to them at once).
	Mine *Review `json:"mine"`
	// Theirs is the other side's review, once it is shown; TheirsWritten
	// says whether they wrote one that is not shown yet.
	Theirs        *Review `json:"theirs"`
	TheirsWritten bool    `json:"theirsWritten"`
}

// toReviews maps reviews records with their deals' listings, their people
// and deals loaded together.
func toReviews(app core.App, rows []*core.Record) ([]Review, error) {
	ids := make([]string, 0, 2*len(rows))
	dealIDs := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.GetString("author"), r.GetString("subject"))
		dealIDs = append(dealIDs, r.GetString("deal"))
	}
	people, err := accounts.LoadPeople(app, ids...)
	if err != nil {
		return nil, err
	}
	deals := map[string]*core.Record{}
	if len(dealIDs) > 0 {
		found, err := app.FindRecordsByIds("deals", dealIDs)
		if err != nil {
			return nil, err
		}
		for _, d := range found {
			deals[d.Id] = d
		}
	}
	out := make([]Review, 0, len(rows))
	for _, r := range rows {
		out = append(out, reviewOf(r, deals[r.GetString("deal")], people))
	}
	return out, nil
}

// toReview maps one reviews record, with its deal's listing when d is
// given.
func toReview(app core.App, r *core.Record, d *core.Record) Review {
	people, _ := accounts.LoadPeople(app, r.GetString("author"), r.GetString("subject")) // unread, they show as deleted, as PersonOf has it
	return reviewOf(r, d, people)
}

// reviewOf maps a reviews record whose people people holds.
func reviewOf(r *core.Record, d *core.Record, people accounts.People) Review {
	out := Review{
		ID: r.Id, DealID: r.GetString("deal"), Rating: r.GetInt("rating"), Body: r.GetString("body"),
		Author:    people.Of(r.GetString("author")),
		Subject:   people.Of(r.GetString("subject")),
		VisibleAt: stamp(r, "visibleAt"), CreatedAt: stamp(r, "created"),
		Reply: r.GetString("reply"), RepliedAt: stamp(r, "repliedAt"),
		Hidden: r.GetBool("hidden"), HiddenReason: r.GetString("hiddenReason"),
	}
	if d != nil {
		out.Listing = listingOf(d) // not ToDeal: that looks both members up too
	}
	return out
}

// ToReviewForAdmin maps a review with its deal's listing, for the
// administrators' answer.
func ToReviewForAdmin(app core.App, r *core.Record) Review {
	d, _ := app.FindRecordById("deals", r.GetString("deal"))
	return toReview(app, r, d)
}
