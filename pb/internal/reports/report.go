// Package reports is the impact report of a completed deal
// (docs/api/proof-of-value.md, "Impact reports"): SponsorBridge drafts it
// from the deal on every read (its deliverables, proof pictures and tracked
// links are measured, never stored twice), the recipient completes it with
// figures, spending and a summary (one impact_reports row per deal), and the
// sponsor may share it through a revocable link whose token is stored
// hashed. The actions here have no HTTP; handlers.go adapts them.
package reports

import (
	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/evidence"
)

// Statuses of a report.
const (
	StatusDraft     = "draft"
	StatusPublished = "published"
)

// Limits of what the recipient writes, in items and characters.
const (
	MaxFigures       = 10
	MaxFigureLabel   = 60
	MaxFigureValue   = 1_000_000_000
	MaxSpending      = 30
	MaxSpendingLabel = 120
	MaxSummary       = 2000
)

// Kinds of a figure.
var FigureKinds = []string{"attendance", "reach", "other"}

// ImpactReport is the wire shape of an impact report: to the deal's members, and
// (without member ids or e-mail) to whoever holds its share link.
type ImpactReport struct {
	// DealID is "" in a shared report.
	DealID string `json:"dealId"`
	// Status is draft or published.
	Status   string        `json:"status"`
	Listing  ReportListing `json:"listing"`
	Category string        `json:"category"`
	Amount   int           `json:"amount"`
	// Sponsor and Recipient are people; a shared report names them by
	// display name and avatar only (no id, no username).
	Sponsor      accounts.Person     `json:"sponsor"`
	Recipient    accounts.Person     `json:"recipient"`
	CompletedAt  string              `json:"completedAt"`
	PublishedAt  string              `json:"publishedAt"`
	Deliverables []ReportDeliverable `json:"deliverables"`
	// OnTimeShare is the whole percentage (0-100) of the deliverables with
	// a due date that were done on or before it; null when none had one.
	OnTimeShare *int          `json:"onTimeShare"`
	Photos      []ReportPhoto `json:"photos"`
	// Figures, Spending and Summary are the recipient's: empty to the
	// sponsor until the report is published.
	Figures     []ReportFigure   `json:"figures"`
	Links       []ReportLink     `json:"links"`
	LinkTotals  ReportLinkTotals `json:"linkTotals"`
	Spending    []SpendingItem   `json:"spending"`
	SpentTotal  int              `json:"spentTotal"`
	Unaccounted int              `json:"unaccounted"`
	Summary     string           `json:"summary"`
	Benchmark   Benchmark        `json:"benchmark"`
	// Shared is the report's live share link, to the sponsor only (null to
	// the recipient, in a shared report, and when there is none).
	Shared *ReportShare `json:"shared"`
}

// ReportListing names the listing the deal came from.
type ReportListing struct {
	// Kind is the listing's API segment: sponsorships or sponsorship-requests.
	Kind  string `json:"kind"`
	ID    string `json:"id"`
	Title string `json:"title"`
}

// ReportDeliverable is a deliverable of the deal with whether it was on
// time (measured).
type ReportDeliverable struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Due    string `json:"due"`
	DoneAt string `json:"doneAt"`
	// OnTime: done on or before its due date (Asia/Kolkata); null without
	// a due date.
	OnTime    *bool  `json:"onTime"`
	ProofText string `json:"proofText"`
	ProofLink string `json:"proofLink"`
	// ProofPicture is one of Photos' ids, or "".
	ProofPicture string `json:"proofPicture"`
}

// ReportPhoto is a proof picture of the deal and where to read it.
type ReportPhoto struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

// ReportFigure is one of the recipient's figures, with its provenance
// (self or evidenced: the server decides).
type ReportFigure struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Label string `json:"label"`
	evidence.Figure
}

// ReportLink is a tracked link of the deal and its counts (measured).
type ReportLink struct {
	Code           string `json:"code"`
	URL            string `json:"url"`
	Target         string `json:"target"`
	Deliverable    string `json:"deliverable"`
	Visits         int    `json:"visits"`
	UniqueVisitors int    `json:"uniqueVisitors"`
}

// ReportLinkTotals are the tracked links' counts added up.
type ReportLinkTotals struct {
	Visits         int `json:"visits"`
	UniqueVisitors int `json:"uniqueVisitors"`
}

// SpendingItem is one line of how the money was used.
type SpendingItem struct {
	ID     string `json:"id"`
	Label  string `json:"label"`
	Amount int    `json:"amount"`
	// Receipt is an evidence file of the deal, or null.
	Receipt *evidence.EvidenceFile `json:"receipt"`
}

// ReportShare is the sponsor's live share link: when it was made. Its
// address is answered once, when it is made (only its hash is stored).
type ReportShare struct {
	SharedAt string `json:"sharedAt"`
}

// ShareLink is the answer of POST /api/deals/{id}/report/share.
type ShareLink struct {
	URL string `json:"url"`
}

// Benchmark compares the deal with the other counted deals of its
// category and amount band.
type Benchmark struct {
	// Enough: at least MinComparable comparable deals.
	Enough     bool `json:"enough"`
	Comparable int  `json:"comparable"`
	// Band is the amount band's label ("$10,001–50,000").
	Band string `json:"band"`
	// OnTimeShare and CostPerAttendee are null unless Enough (and, for
	// each, unless this deal and enough comparable ones have one).
	OnTimeShare     *OnTimeBenchmark `json:"onTimeShare"`
	CostPerAttendee *CostBenchmark   `json:"costPerAttendee"`
}

// OnTimeBenchmark: this deal's on-time share, the comparable deals' median,
// and the percentage of comparable deals this one beats or equals.
type OnTimeBenchmark struct {
	This       int `json:"this"`
	Median     int `json:"median"`
	BetterThan int `json:"betterThan"`
}

// CostBenchmark: the amount per attendee of this deal and the comparable
// published reports' median, in dollars (two decimals).
type CostBenchmark struct {
	This   float64 `json:"this"`
	Median float64 `json:"median"`
}

// ImpactReportInput is the body of PUT /api/deals/{id}/report. Measured parts
// and provenance are not in it: a body that carries them has them ignored.
type ImpactReportInput struct {
	Summary  string          `json:"summary"`
	Figures  []FigureInput   `json:"figures"`
	Spending []SpendingInput `json:"spending"`
}

// FigureInput is one figure as the recipient writes it (ID: one of the
// report's figures to keep its id, or absent for a new one).
type FigureInput struct {
	ID    string   `json:"id,omitzero"`
	Kind  string   `json:"kind"`
	Label string   `json:"label"`
	Value *float64 `json:"value"`
	// AsOf is YYYY-MM-DD, or absent for today.
	AsOf string `json:"asOf,omitzero"`
	// Evidence is one of the deal's evidence files, or "".
	Evidence string `json:"evidence,omitzero"`
}

// SpendingInput is one line item as the recipient writes it.
type SpendingInput struct {
	ID     string   `json:"id,omitzero"`
	Label  string   `json:"label"`
	Amount *float64 `json:"amount"`
	// Receipt is one of the deal's evidence files, or "".
	Receipt string `json:"receipt,omitzero"`
}
