package admin

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/when"
)

// ReportAnswer is a stored report, as its reporter reads it back.
type ReportAnswer struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	ListingID string `json:"listingId"`
	Reason    string `json:"reason"`
	CreatedAt string `json:"createdAt"`
}

func toReportAnswer(kind listings.Kind, r *core.Record) ReportAnswer {
	return ReportAnswer{
		ID: r.Id, Kind: kind.APISegment(), ListingID: r.GetString("listingId"), Reason: r.GetString("reason"),
		CreatedAt: when.APIStored(r.GetString("created")),
	}
}

// ContactAnswer thanks the sender of a contact message.
type ContactAnswer struct {
	ID      string `json:"id"`
	Message string `json:"message"`
}
