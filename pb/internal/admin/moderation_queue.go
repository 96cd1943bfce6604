package admin

import (
	"strconv"
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

	refs, total, err := queuePage(e.App, kinds, p.Offset(), p.PerPage)
	if err != nil {
		return e.InternalServerError("", err)
	}
	items, err := h.queueItems(e.App, refs, listings.Viewer{ID: e.Auth.Id, IsAdmin: true})
	if err != nil {
		return e.InternalServerError("", err)
	}
	return paging.Answer(e, items, paging.Counted(p, total))
}

// queuePage names the queue's listings from offset, up to limit: the
// reported ones first, then those pending review; total counts them all.
func queuePage(app core.App, kinds []listings.Kind, offset, limit int) (refs []queueRef, total int, err error) {
	reported, err := reportedListings(app, kinds)
	if err != nil {
		return nil, 0, err
	}
	pending, err := countPending(app, kinds)
	if err != nil {
		return nil, 0, err
	}
	if offset < len(reported) {
		refs = append(refs, reported[offset:min(len(reported), offset+limit)]...)
		limit -= len(refs)
		offset = 0
	} else {
		offset -= len(reported)
	}
	more, err := pendingListings(app, kinds, offset, limit)
	if err != nil {
		return nil, 0, err
	}
	return append(refs, more...), len(reported) + pending, nil
}

// queueItems loads the page's listings and their open reports together: two
// queries a kind and one for the reports, however long the page. A listing
// deleted between the two reads is left out.
func (h *handlers) queueItems(app core.App, refs []queueRef, viewer listings.Viewer) ([]QueueItem, error) {
	found := map[queueRef]listings.Listing{}
	for _, kind := range listings.Kinds {
		var ids []any
		for _, ref := range refs {
			if ref.Kind == kind.Table {
				ids = append(ids, ref.ID)
			}
		}
		if len(ids) == 0 {
			continue
		}
		var rowids []int64
		if err := app.DB().Select("rowid").From(kind.Table).Where(dbx.In("id", ids...)).Column(&rowids); err != nil {
			return nil, err
		}
		rows, err := h.store.ByRowids(kind, rowids, viewer)
		if err != nil {
			return nil, err
		}
		for _, l := range rows {
			found[queueRef{Kind: kind.Table, ID: l.ID}] = l
		}
	}
	reports, err := openReports(app, refs)
	if err != nil {
		return nil, err
	}
	items := make([]QueueItem, 0, len(refs))
	for _, ref := range refs {
		listing, ok := found[queueRef{Kind: ref.Kind, ID: ref.ID}]
		if !ok {
			continue
		}
		kind, _ := listings.KindOfTable(ref.Kind)
		summary := reports[queueRef{Kind: ref.Kind, ID: ref.ID}]
		if summary.Reasons == nil {
			summary.Reasons = []ReportEntry{}
		}
		items = append(items, QueueItem{Kind: kind.APISegment(), Listing: listing, Reports: summary})
	}
	return items, nil
}

// openReports are the open reports on the listings of refs, each listing's
// count and its latest maxReasonsShown reasons with their reporters, in one
// query.
func openReports(app core.App, refs []queueRef) (map[queueRef]ReportSummary, error) {
	out := map[queueRef]ReportSummary{}
	if len(refs) == 0 {
		return out, nil
	}
	params := dbx.Params{"shown": maxReasonsShown}
	names := make([]string, len(refs))
	for i, ref := range refs {
		names[i] = "{:id" + strconv.Itoa(i) + "}"
		params["id"+strconv.Itoa(i)] = ref.ID
	}
	var rows []struct {
		Kind        string `db:"listingKind"`
		Listing     string `db:"listingId"`
		N           int    `db:"n"`
		ID          string `db:"id"`
		Reason      string `db:"reason"`
		Created     string `db:"created"`
		Reporter    string `db:"reporter"`
		Username    string `db:"username"`
		DisplayName string `db:"displayName"`
		IsVerified  bool   `db:"isVerified"`
	}
	err := app.DB().NewQuery(`SELECT * FROM (SELECT r.listingKind, r.listingId, r.id, r.reason, r.created, r.reporter,
			u.username, u.displayName, u.isVerified,
			count(*) OVER (PARTITION BY r.listingKind, r.listingId) AS n,
			row_number() OVER (PARTITION BY r.listingKind, r.listingId ORDER BY r.created DESC, r.id DESC) AS k
		FROM reports r JOIN users u ON u.id = r.reporter
		WHERE r.resolved = 0 AND r.listingId IN (` + strings.Join(names, ",") + `))
		WHERE k <= {:shown} ORDER BY listingKind, listingId, k`).
		Bind(params).All(&rows)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		key := queueRef{Kind: r.Kind, ID: r.Listing}
		s := out[key]
		s.Count = r.N
		s.Reasons = append(s.Reasons, ReportEntry{ID: r.ID, Reason: r.Reason, CreatedAt: when.APIStored(r.Created),
			Reporter: accounts.Person{ID: r.Reporter, Username: r.Username, DisplayName: r.DisplayName, IsVerified: r.IsVerified}})
		out[key] = s
	}
	return out, nil
}
