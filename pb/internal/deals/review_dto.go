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

// toReview maps a reviews record.
func toReview(app core.App, r *core.Record, d *core.Record) Review {
	out := Review{
		ID: r.Id, DealID: r.GetString("deal"), Rating: r.GetInt("rating"), Body: r.GetString("body"),
		Author:    accounts.PersonOf(app, r.GetString("author")),
		Subject:   accounts.PersonOf(app, r.GetString("subject")),
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
