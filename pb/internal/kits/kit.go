// Package kits is the members' media kits (docs/api/proof-of-value.md,
// "Media kits"): what a member reaches, each figure with its provenance and
// "as of" day, the figures measured from their counted deals, and their
// past sponsors. A kit is read by anyone once published, and by its owner
// always; the server alone decides a figure's provenance and computes the
// measured ones (measured.go).
package kits

import (
	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/evidence"
)

// Figure is a number with where it came from (evidence.Figure).
type Figure = evidence.Figure

// Segment is a share of the audience (age bands, students, locality).
type Segment struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	// Share is a percentage, 0-100.
	Share Figure `json:"share"`
}

// Channel is where the member reaches people.
type Channel struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	URL       string `json:"url"`
	Followers Figure `json:"followers"`
}

// PastEvent is an event the member held.
type PastEvent struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Date       string `json:"date"`
	Attendance Figure `json:"attendance"`
}

// MeasuredFigures are computed on read from the member's counted deals
// (provenance measured, as of today).
type MeasuredFigures struct {
	Deals          Figure `json:"deals"`
	AmountReceived Figure `json:"amountReceived"`
	// OnTimeShare is the percentage (0-100) of the deliverables with a due
	// date done on or before it; null when none had one.
	OnTimeShare  *Figure `json:"onTimeShare"`
	ReachLargest Figure  `json:"reachLargest"`
	ReachTotal   Figure  `json:"reachTotal"`
}

// PastSponsor is a sponsor of the member's counted deals.
type PastSponsor struct {
	Person          accounts.Person `json:"person"`
	Deals           int             `json:"deals"`
	LastCompletedAt string          `json:"lastCompletedAt"`
}

// Kit is a media kit as answered.
type Kit struct {
	Owner    accounts.Person `json:"owner"`
	Headline string          `json:"headline"`
	// Audience is null while the member states none (0).
	Audience     *Figure         `json:"audience"`
	Segments     []Segment       `json:"segments"`
	Channels     []Channel       `json:"channels"`
	PastEvents   []PastEvent     `json:"pastEvents"`
	Measured     MeasuredFigures `json:"measured"`
	PastSponsors []PastSponsor   `json:"pastSponsors"`
	Published    bool            `json:"published"`
	PublishedAt  string          `json:"publishedAt"`
	UpdatedAt    string          `json:"updatedAt"`
}

// The kit's lists as stored (media_kits.segments, channels, pastEvents).
type (
	storedSegment struct {
		ID       string `json:"id"`
		Label    string `json:"label"`
		Share    int    `json:"share"`
		AsOf     string `json:"asOf"`
		Evidence string `json:"evidence"`
	}
	storedChannel struct {
		ID        string `json:"id"`
		Name      string `json:"name"`
		URL       string `json:"url"`
		Followers int    `json:"followers"`
		AsOf      string `json:"asOf"`
		Evidence  string `json:"evidence"`
	}
	storedEvent struct {
		ID         string `json:"id"`
		Name       string `json:"name"`
		Date       string `json:"date"`
		Attendance int    `json:"attendance"`
		AsOf       string `json:"asOf"`
		Evidence   string `json:"evidence"`
	}
)
