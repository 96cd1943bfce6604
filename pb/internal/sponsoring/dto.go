package sponsoring

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/when"
)

// Application statuses.
const (
	StatusPending  = "pending"
	StatusAccepted = "accepted"
	StatusDeclined = "declined"
	// StatusWithdrawn: the applicant took it back while it was pending
	// (docs/api/eligibility.md); applying again sends it again.
	StatusWithdrawn = "withdrawn"
)

// ListingRef names the listing an application or commitment is about.
type ListingRef struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Amount int    `json:"amount"`
	Status string `json:"status,omitzero"`
}

// Application is the wire shape of an application, the same for both sides.
type Application struct {
	ID             string          `json:"id"`
	Status         string          `json:"status"`
	Message        string          `json:"message"`
	CreatedAt      string          `json:"createdAt"`
	DecidedAt      string          `json:"decidedAt"`
	Sponsorship    ListingRef      `json:"sponsorship"`
	Applicant      accounts.Person `json:"applicant"`
	Poster         accounts.Person `json:"poster"`
	ConversationID string          `json:"conversationId"`
	// DealID is the deal an accepted application opened ("" otherwise).
	DealID string `json:"dealId"`
	// Answers are the applicant's answers with the questions as they were
	// asked (docs/api/eligibility.md); an application is read by its
	// applicant and the offer's poster only.
	Answers []eligibility.Answer `json:"answers"`
}

// ToApplications maps application records, what they name loaded together.
func ToApplications(app core.App, rows []*core.Record) ([]Application, error) {
	l, err := loadLinks(app, applicationSide, rows)
	if err != nil {
		return nil, err
	}
	out := make([]Application, 0, len(rows))
	for _, r := range rows {
		out = append(out, toApplication(r, l))
	}
	return out, nil
}

// ToApplication maps one application record (what cannot be read is left
// out, a member shown as deleted).
func ToApplication(app core.App, r *core.Record) Application {
	l, _ := loadLinks(app, applicationSide, []*core.Record{r})
	return toApplication(r, l)
}

func toApplication(r *core.Record, l links) Application {
	a := Application{
		ID:             r.Id,
		Status:         r.GetString("status"),
		Message:        r.GetString("message"),
		CreatedAt:      when.API(r.GetDateTime("created").Time()),
		DecidedAt:      when.API(r.GetDateTime("decidedAt").Time()),
		Applicant:      l.people.Of(r.GetString("applicant")),
		Poster:         l.people.Of(r.GetString("poster")),
		ConversationID: l.conversation(r.GetString("applicant"), r.GetString("poster")),
		DealID:         l.deals[r.Id],
		Answers:        eligibility.DecodeAnswers(r.GetString("answers")),
	}
	a.Sponsorship.ID = r.GetString("sponsorship")
	if s, ok := l.listings[a.Sponsorship.ID]; ok {
		a.Sponsorship.Title = s.GetString("title")
		a.Sponsorship.Amount = s.GetInt("amount")
	}
	return a
}

// Commitment is the wire shape of a sponsor's commitment (a pledge) to a request.
type Commitment struct {
	ID     string `json:"id"`
	Amount int64  `json:"amount"`
	// Status is "active" or "withdrawn"; a withdrawn pledge has the
	// sponsor's reason and when it was withdrawn.
	Status         string          `json:"status"`
	WithdrawReason string          `json:"withdrawReason"`
	WithdrawnAt    string          `json:"withdrawnAt"`
	Message        string          `json:"message"`
	CreatedAt      string          `json:"createdAt"`
	Request        ListingRef      `json:"request"`
	Sponsor        accounts.Person `json:"sponsor"`
	Poster         accounts.Person `json:"poster"`
	ConversationID string          `json:"conversationId"`
	// DealID is the deal the pledge opened ("" for none).
	DealID string `json:"dealId"`
	// Tier is the package pledged (null for a free-form pledge), and
	// Industry the sponsor's industry when they pledged ("" when not
	// stated; docs/api/packages.md).
	Tier     *deals.TierRef `json:"tier"`
	Industry string         `json:"industry"`
}

// ToCommitments maps commitment records, what they name loaded together.
func ToCommitments(app core.App, rows []*core.Record) ([]Commitment, error) {
	l, err := loadLinks(app, commitmentSide, rows)
	if err != nil {
		return nil, err
	}
	out := make([]Commitment, 0, len(rows))
	for _, r := range rows {
		out = append(out, toCommitment(r, l))
	}
	return out, nil
}

// ToCommitment maps one commitment record (what cannot be read is left
// out, a member shown as deleted).
func ToCommitment(app core.App, r *core.Record) Commitment {
	l, _ := loadLinks(app, commitmentSide, []*core.Record{r})
	return toCommitment(r, l)
}

func toCommitment(r *core.Record, l links) Commitment {
	c := Commitment{
		ID:             r.Id,
		Amount:         int64(r.GetInt("amount")),
		Status:         r.GetString("status"),
		WithdrawReason: r.GetString("withdrawReason"),
		WithdrawnAt:    when.API(r.GetDateTime("withdrawn").Time()),
		Message:        r.GetString("message"),
		CreatedAt:      when.API(r.GetDateTime("created").Time()),
		Sponsor:        l.people.Of(r.GetString("sponsor")),
		Poster:         l.people.Of(r.GetString("poster")),
		ConversationID: l.conversation(r.GetString("sponsor"), r.GetString("poster")),
		DealID:         l.deals[r.Id],
		Industry:       r.GetString("industry"),
	}
	if id := r.GetString("tier"); id != "" {
		c.Tier = &deals.TierRef{ID: id, Name: l.tierNames[r.Id]}
	}
	c.Request.ID = r.GetString("request")
	if q, ok := l.listings[c.Request.ID]; ok {
		c.Request.Title = q.GetString("title")
		c.Request.Amount = q.GetInt("requestedAmount")
		c.Request.Status = q.GetString("status")
	}
	return c
}
