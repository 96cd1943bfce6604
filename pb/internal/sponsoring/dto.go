package sponsoring

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/when"
)

// Application statuses.
const (
	StatusPending  = "pending"
	StatusAccepted = "accepted"
	StatusDeclined = "declined"
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
}

// ToApplication maps an application record.
func ToApplication(app core.App, r *core.Record) Application {
	a := Application{
		ID:             r.Id,
		Status:         r.GetString("status"),
		Message:        r.GetString("message"),
		CreatedAt:      when.API(r.GetDateTime("created").Time()),
		DecidedAt:      when.API(r.GetDateTime("decidedAt").Time()),
		Applicant:      accounts.PersonOf(app, r.GetString("applicant")),
		Poster:         accounts.PersonOf(app, r.GetString("poster")),
		ConversationID: conversationID(app, r.GetString("applicant"), r.GetString("poster")),
		DealID:         dealOf(app, "application", r.Id),
	}
	a.Sponsorship.ID = r.GetString("sponsorship")
	if s, err := app.FindRecordById("sponsorships", a.Sponsorship.ID); err == nil {
		a.Sponsorship.Title = s.GetString("title")
		a.Sponsorship.Amount = s.GetInt("amount")
	}
	return a
}

// Commitment is the wire shape of a sponsor's commitment (a pledge) to a request.
type Commitment struct {
	ID     string `json:"id"`
	Amount int    `json:"amount"`
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
}

// ToCommitment maps a commitment record.
func ToCommitment(app core.App, r *core.Record) Commitment {
	c := Commitment{
		ID:             r.Id,
		Amount:         r.GetInt("amount"),
		Status:         r.GetString("status"),
		WithdrawReason: r.GetString("withdrawReason"),
		WithdrawnAt:    when.API(r.GetDateTime("withdrawn").Time()),
		Message:        r.GetString("message"),
		CreatedAt:      when.API(r.GetDateTime("created").Time()),
		Sponsor:        accounts.PersonOf(app, r.GetString("sponsor")),
		Poster:         accounts.PersonOf(app, r.GetString("poster")),
		ConversationID: conversationID(app, r.GetString("sponsor"), r.GetString("poster")),
		DealID:         dealOf(app, "commitment", r.Id),
	}
	c.Request.ID = r.GetString("request")
	if q, err := app.FindRecordById("sponsorship_requests", c.Request.ID); err == nil {
		c.Request.Title = q.GetString("title")
		c.Request.Amount = q.GetInt("requestedAmount")
		c.Request.Status = q.GetString("status")
	}
	return c
}

// dealOf is the id of the deal opened by the commitment or application id
// ("" when none).
func dealOf(app core.App, field, id string) string {
	var dealID string
	_ = app.DB().Select("id").From("deals").Where(dbx.HashExp{field: id}).Limit(1).Row(&dealID)
	return dealID
}
