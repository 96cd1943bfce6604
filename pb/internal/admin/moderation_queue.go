package admin

import (
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/internal/when"
)

// maxReasonsShown bounds the reports listed with one queue item (the count
// is always exact).
const maxReasonsShown = 50

// QueueItem is one listing awaiting a decision, with its open reports.
type QueueItem struct {
	Kind    string           `json:"kind"` // "sponsorships" or "sponsorship-requests"
	Listing listings.Listing `json:"listing"`
	Reports ReportSummary    `json:"reports"`
}

// ReportSummary is what members said about a listing.
type ReportSummary struct {
	Count   int           `json:"count"`
	Reasons []ReportEntry `json:"reasons"`
}

// ReportEntry is one open report.
type ReportEntry struct {
	ID        string          `json:"id"`
	Reason    string          `json:"reason"`
	CreatedAt string          `json:"createdAt"`
	Reporter  accounts.Person `json:"reporter"`
}

// moderationQueue answers the queue: listings with open reports first (even
// when already reviewed), then listings not yet reviewed, newest first.
func (h *handlers) moderationQueue(e *core.RequestEvent) error {
	errs := validation.Errors{}
	p := readPaging(e, errs)
	kinds := listings.Kinds
	if raw := strings.TrimSpace(e.Request.URL.Query().Get("kind")); raw != "" {
		k, ok := listings.KindOfAPISegment(raw)
		if !ok {
			errs["kind"] = apierr.Field("validation_invalid_kind", "Kind must be sponsorships or sponsorship-requests")
		}
		kinds = []listings.Kind{k}
	}
	if len(errs) > 0 {
		return e.BadRequestError("Invalid list parameters.", errs)
	}

	reported, err := reportedListings(e.App, kinds)
	if err != nil {
		return e.InternalServerError("", err)
	}
	pending, err := countPending(e.App, kinds)
	if err != nil {
		return e.InternalServerError("", err)
	}

	var refs []queueRef
	offset, limit := p.Offset(), p.PerPage
	if offset < len(reported) {
		refs = append(refs, reported[offset:min(len(reported), offset+limit)]...)
		limit -= len(refs)
		offset = 0
	} else {
		offset -= len(reported)
	}
	more, err := pendingListings(e.App, kinds, offset, limit)
	if err != nil {
		return e.InternalServerError("", err)
	}
	refs = append(refs, more...)

	viewer := listings.Viewer{ID: e.Auth.Id, IsAdmin: true}
	items := make([]QueueItem, 0, len(refs))
	for _, ref := range refs {
		kind, _ := listings.KindOfTable(ref.Kind)
		row, err := h.store.Find(kind, ref.ID)
		if err != nil {
			continue // deleted between the two reads
		}
		summary, err := openReports(e.App, ref.Kind, ref.ID)
		if err != nil {
			return e.InternalServerError("", err)
		}
		items = append(items, QueueItem{Kind: kind.APISegment(), Listing: h.store.ToListing(kind, row, viewer), Reports: summary})
	}
	return paging.Answer(e, items, paging.Counted(p, len(reported)+pending))
}

// openReports lists a listing's open reports, newest first.
func openReports(app core.App, table, id string) (ReportSummary, error) {
	s := ReportSummary{Reasons: []ReportEntry{}}
	where := dbx.HashExp{"listingKind": table, "listingId": id, "resolved": false}
	n, err := app.CountRecords("reports", where)
	if err != nil || n == 0 {
		return s, err
	}
	s.Count = int(n)
	var rows []struct {
		ID          string `db:"id"`
		Reason      string `db:"reason"`
		Created     string `db:"created"`
		Reporter    string `db:"reporter"`
		Username    string `db:"username"`
		DisplayName string `db:"displayName"`
		IsVerified  bool   `db:"isVerified"`
	}
	err = app.DB().Select("r.id", "r.reason", "r.created", "r.reporter", "u.username", "u.displayName", "u.isVerified").
		From("reports r").InnerJoin("users u", dbx.NewExp("u.id = r.reporter")).
		Where(dbx.HashExp{"r.listingKind": table, "r.listingId": id, "r.resolved": false}).
		OrderBy("r.created DESC", "r.id DESC").Limit(maxReasonsShown).All(&rows)
	if err != nil {
		return s, err
	}
	for _, r := range rows {
		s.Reasons = append(s.Reasons, ReportEntry{ID: r.ID, Reason: r.Reason, CreatedAt: when.APIStored(r.Created),
			Reporter: accounts.Person{ID: r.Reporter, Username: r.Username, DisplayName: r.DisplayName, IsVerified: r.IsVerified}})
	}
	return s, nil
}
