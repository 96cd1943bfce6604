package listings

import (
	"database/sql"
	"encoding/json"
	"math"
	"time"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/tiers"
	"sponsorbridge/pb/internal/when"
)

// Listing is the wire shape of both kinds (spec section 3 field names).
type Listing struct {
	ID              string  `json:"id"`
	Title           string  `json:"title"`
	Description     string  `json:"description"`
	Amount          *int64  `json:"amount,omitzero"`
	RequestedAmount *int64  `json:"requestedAmount,omitzero"`
	EventDate       *string `json:"eventDate,omitzero"`
	Status          string  `json:"status,omitzero"`
	// ClosedReason says why a listing that is not open cannot be backed:
	// "poster" (closed by its poster), "event_passed" (a request whose event
	// date has passed) or "sponsored"; absent while it is open.
	// "cap" (an offer holding all the applications its cap takes).
	ClosedReason string `json:"closedReason,omitzero"`
	// PledgedAmount and SponsorCount are the sum and the number of the
	// active pledges on a request (requests only). It is sponsored when the
	// pledges reach RequestedAmount.
	PledgedAmount   *int64   `json:"pledgedAmount,omitzero"`
	SponsorCount    *int64   `json:"sponsorCount,omitzero"`
	Location        string   `json:"location"`
	Categories      []string `json:"categories"`
	UserID          string   `json:"userId"`
	CreatedAt       string   `json:"createdAt"`
	UpdatedAt       string   `json:"updatedAt"`
	Approved        bool     `json:"approved"`
	Reviewed        bool     `json:"reviewed"`
	RejectionReason *string  `json:"rejectionReason,omitzero"`
	Poster          Poster   `json:"poster"`
	// PosterTrack is the compact form of the poster's reliability that
	// cards show beside the verified badge.
	PosterTrack PosterTrack `json:"posterTrack"`
	// A request's packages and what it is closed to (requests only;
	// docs/api/packages.md).
	Tiers []tiers.Tier `json:"tiers,omitzero"`
	// AnyAmount: free-form pledges are taken beside the packages.
	AnyAmount *bool `json:"anyAmount,omitzero"`
	// HoldDays is how long a package's slot is held for an unfunded deal.
	HoldDays *int `json:"holdDays,omitzero"`
	// ClashingIndustries are refused by the poster; ExclusiveIndustries
	// hold an exclusive package now.
	ClashingIndustries  []string `json:"clashingIndustries,omitzero"`
	ExclusiveIndustries []string `json:"exclusiveIndustries,omitzero"`
	// An offer's rules on who may apply, its questions, its cap (0: none)
	// and the applications it holds, not withdrawn (offers only;
	// docs/api/eligibility.md).
	Criteria         *eligibility.Criteria  `json:"criteria,omitzero"`
	Questions        []eligibility.Question `json:"questions,omitzero"`
	ApplicationCap   *int                   `json:"applicationCap,omitzero"`
	ApplicationCount *int                   `json:"applicationCount,omitzero"`
	// Applied tells a signed-in member whether they applied to this offer
	// (offers of others only): a page of cards needs no request per card.
	Applied *bool `json:"applied,omitzero"`
	// MyPledge is the signed-in member's active pledge on this request, if
	// any (requests of others only).
	MyPledge *Pledge `json:"myPledge,omitzero"`
	// IndustryConflict is the sentence that refuses the signed-in member
	// on this request for their industry (requests of others only), or
	// absent (docs/api/packages.md).
	IndustryConflict string `json:"industryConflict,omitzero"`
	// Eligibility are the rules of this offer the signed-in member fails,
	// in order ([] when they may apply, for its poster and for visitors;
	// offers only).
	Eligibility []eligibility.Reason `json:"eligibility,omitzero"`
	// hasTiers: the request has packages to load (withTiers).
	hasTiers bool
	// rules: an offer's criteria, cap and count, prepared for Eligibility.
	rules *eligibility.Prepared
}

// Poster is a listing's poster as its card shows them: the person and, on
// a request, their audience figure.
type Poster struct {
	accounts.Person
	// Audience is a request's poster's audience figure (users.audience),
	// null when they state none, and on an offer.
	Audience *AudienceFigure `json:"audience"`
}

// AudienceFigure is a poster's audience and where it came from
// (docs/api/proof-of-value.md).
type AudienceFigure struct {
	Value      int64  `json:"value"`
	Provenance string `json:"provenance"`
}

// Pledge is a member's own active pledge as a listing shows it to them;
// GET /api/commitments has the whole commitment.
type Pledge struct {
	ID        string `json:"id"`
	Amount    int64  `json:"amount"`
	CreatedAt string `json:"createdAt"`
}

// row is one listing joined with its poster, in the column order of
// Store.columns (Store.scan reads it).
type row struct {
	rowid           int64
	poster          posterEvents // read by Probe alone
	ID              string
	Title           string
	Description     string
	Amount          float64
	Location        string
	Categories      string
	User            string
	Created         string
	Updated         string
	Approved        bool
	Reviewed        bool
	RejectionReason string
	EventDate       sql.NullString
	Status          sql.NullString
	PledgedAmount   sql.NullFloat64
	SponsorCount    sql.NullFloat64
	Username        sql.NullString
	DisplayName     sql.NullString
	IsVerified      sql.NullBool
	Avatar          sql.NullString
	IsReliable      sql.NullBool
	DealsCompleted  sql.NullInt64
	RatingSum       sql.NullInt64
	RatingCount     sql.NullInt64
	// the poster's audience figure
	Audience           sql.NullFloat64
	AudienceProvenance sql.NullString
	HasTiers           sql.NullBool
	TiersOnly          sql.NullBool
	HoldDays           sql.NullInt64
	Clashing           sql.NullString
	Exclusive          sql.NullString
	Criteria           sql.NullString
	Questions          sql.NullString
	ApplicationCap     sql.NullInt64
	Count              sql.NullInt64
}

// PosterTrack is a poster's reliability in brief: whether they count as
// reliable (3 distinct, established counterparties and 90% of the funded
// deals completed), their completed deals and their rating (docs/api/deals.md,
// "Reliability").
type PosterTrack struct {
	Reliable       bool    `json:"reliable"`
	CompletedDeals int     `json:"completedDeals"`
	Rating         float64 `json:"rating"`
	RatingCount    int     `json:"ratingCount"`
}

func (r *row) track() PosterTrack {
	t := PosterTrack{Reliable: r.IsReliable.Bool, CompletedDeals: int(r.DealsCompleted.Int64), RatingCount: int(r.RatingCount.Int64)}
	if t.RatingCount > 0 {
		t.Rating = math.Round(float64(r.RatingSum.Int64)*10/float64(t.RatingCount)) / 10
	}
	return t
}

// audienceFigure is the poster's audience figure, nil when they state none.
func (r *row) audienceFigure() *AudienceFigure {
	if n := int64(r.Audience.Float64); n > 0 {
		return &AudienceFigure{Value: n, Provenance: evidence.ProvenanceOf(r.AudienceProvenance.String)}
	}
	return nil
}

// toListing maps a row to the wire shape. showReason tells whether the
// viewer may see a rejection reason (the poster or an administrator).
func (r *row) toListing(kind Kind, usersCollectionID string, showReason bool) Listing {
	amount := int64(r.Amount)
	l := Listing{
		ID:          r.ID,
		Title:       r.Title,
		Description: r.Description,
		Location:    r.Location,
		Categories:  parseCategories(r.Categories),
		UserID:      r.User,
		CreatedAt:   when.APIStored(r.Created),
		UpdatedAt:   when.APIStored(r.Updated),
		Approved:    r.Approved,
		Reviewed:    r.Reviewed,
		Poster: Poster{Person: accounts.Person{
			ID:          r.User,
			Username:    r.Username.String,
			DisplayName: r.DisplayName.String,
			IsVerified:  r.IsVerified.Bool,
		}},
		PosterTrack: r.track(),
	}
	if r.Avatar.String != "" {
		l.Poster.Avatar = "/api/files/" + usersCollectionID + "/" + r.User + "/" + r.Avatar.String
	}
	if kind.IsRequest {
		l.Poster.Audience = r.audienceFigure()
		l.RequestedAmount = &amount
		date := when.APIStored(r.EventDate.String)
		l.EventDate = &date
		now := time.Now()
		l.Status = EffectiveStatus(r.Status.String, r.EventDate.String, now)
		l.ClosedReason = ClosedReason(r.Status.String, r.EventDate.String, now)
		pledged, sponsors := int64(r.PledgedAmount.Float64), int64(r.SponsorCount.Float64)
		l.PledgedAmount, l.SponsorCount = &pledged, &sponsors
		anyAmount, holdDays := !r.TiersOnly.Bool, int(r.HoldDays.Int64)
		if holdDays == 0 {
			holdDays = tiers.DefaultHoldDays
		}
		l.Tiers, l.hasTiers = []tiers.Tier{}, r.HasTiers.Bool
		l.AnyAmount, l.HoldDays = &anyAmount, &holdDays
		l.ClashingIndustries, l.ExclusiveIndustries = parseCategories(r.Clashing.String), parseCategories(r.Exclusive.String)
	} else {
		l.Amount = &amount
		l.Status = r.Status.String
		if l.Status == "" {
			l.Status = StatusOpen // offers from before offers had a status
		}
		l.ClosedReason = ClosedReason(l.Status, "", time.Time{})
		rules := &eligibility.Rules{Criteria: eligibility.DecodeCriteria(r.Criteria.String),
			Questions: eligibility.DecodeQuestions(r.Questions.String),
			Cap:       int(r.ApplicationCap.Int64), Count: int(r.Count.Int64)}
		l.rules = rules.Prepare()
		l.Criteria, l.Questions = &rules.Criteria, rules.Questions
		l.ApplicationCap, l.ApplicationCount = &rules.Cap, &rules.Count
		if _, full := eligibility.CapReason(rules.Cap, rules.Count); full && l.ClosedReason == "" {
			l.ClosedReason = ClosedCap
		}
		l.Eligibility = []eligibility.Reason{}
	}
	if showReason {
		reason := r.RejectionReason
		l.RejectionReason = &reason
	}
	return l
}

func parseCategories(raw string) []string {
	out := []string{}
	if raw != "" {
		_ = json.Unmarshal([]byte(raw), &out)
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// eligibilityFor is the rules of an offer viewer fails: none for visitors,
// its poster and viewers whose profile is not known (nil for a request).
func eligibilityFor(rules *eligibility.Prepared, poster string, viewer Viewer) []eligibility.Reason {
	switch {
	case rules == nil:
		return nil
	case viewer.Profile == nil || viewer.ID == "" || viewer.ID == poster:
		return []eligibility.Reason{}
	}
	return rules.Check(*viewer.Profile)
}

// rejected tells whether moderators rejected the listing.
func (r *row) rejected() bool { return rejected(r.Reviewed, r.Approved) }

// reasonVisibleTo tells whether the viewer sees a rejection reason: only on
// a rejected listing, and only its poster and administrators.
func (r *row) reasonVisibleTo(v Viewer) bool {
	return r.rejected() && v.Sees(r.User, true)
}
