// Package links is a deal's tracked links (docs/api/proof-of-value.md,
// "Tracked links"): short links its members give for a deliverable's link,
// whose visits SponsorBridge counts, robots, previews and repeats left out.
// What the links measured is read in SQL by the reports, the media kits
// and the overview (tracked_links.visits and uniqueVisitors).
package links

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/publicurl"
	"sponsorbridge/pb/internal/when"
)

// Limits of tracked links.
const (
	MaxPerDeal   = 20
	MaxTarget    = 500
	CodeLength   = 8
	codeAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	// Prefix is the short links' path: {public URL}/l/{code}.
	Prefix = "/l/"
)

// Link is a tracked link as a deal's members read it.
type Link struct {
	ID   string `json:"id"`
	Code string `json:"code"`
	// URL is the short link to give out: {public URL}/l/{code}.
	URL    string `json:"url"`
	Target string `json:"target"`
	// Deliverable is the id of the deal's deliverable it is for ("" for none).
	Deliverable    string `json:"deliverable"`
	Visits         int    `json:"visits"`
	UniqueVisitors int    `json:"uniqueVisitors"`
	CreatedAt      string `json:"createdAt"`
}

// toLink maps a tracked_links record.
func toLink(app core.App, r *core.Record) Link {
	return Link{
		ID: r.Id, Code: r.GetString("code"), URL: publicurl.Link(app, Prefix+r.GetString("code")),
		Target: r.GetString("target"), Deliverable: r.GetString("deliverable"),
		Visits: r.GetInt("visits"), UniqueVisitors: r.GetInt("uniqueVisitors"),
		CreatedAt: when.API(r.GetDateTime("created").Time()),
	}
}
