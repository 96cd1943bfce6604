package admin

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
)

// queueRef points at one listing of the moderation queue.
type queueRef struct {
	Kind    string `db:"kind"` // collection name
	ID      string `db:"id"`
	Reports int    `db:"n"`
}

// reportedListings are the listings with open reports, most recently
// reported first. They lead the queue whatever their review state. Reports
// on deleted listings are skipped.
func reportedListings(app core.App, kinds []listings.Kind) ([]queueRef, error) {
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf(
			`SELECT r.listingKind AS kind, r.listingId AS id, count(*) AS n, max(r.created) AS last
			 FROM reports r JOIN %[1]s t ON t.id = r.listingId
			 WHERE r.resolved = 0 AND r.listingKind = '%[1]s'
			 GROUP BY r.listingId`, k.Table))
	}
	sql := "SELECT kind, id, n FROM (" + strings.Join(parts, " UNION ALL ") + ") ORDER BY last DESC, id"
	var refs []queueRef
	if err := app.DB().NewQuery(sql).All(&refs); err != nil {
		return nil, fmt.Errorf("admin: reported listings: %w", err)
	}
	return refs, nil
}

// pendingWhere selects the listings waiting for review without open
// reports: not yet reviewed, or rejected and then edited by their poster
// (still hidden, the reason cleared: a rejection always has one).
func pendingWhere(table string) string {
	return fmt.Sprintf(`(t.reviewed = 0 OR (t.approved = 0 AND t.rejectionReason = '')) AND t.id NOT IN
		(SELECT listingId FROM reports WHERE resolved = 0 AND listingKind = '%s')`, table)
}

// pendingListings answers a page of not yet reviewed, unreported listings,
// newest first. Each kind contributes at most offset+limit rows read in
// index order, so the cost does not grow with the size of the tables.
func pendingListings(app core.App, kinds []listings.Kind, offset, limit int) ([]queueRef, error) {
	if limit <= 0 {
		return nil, nil
	}
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf(
			`SELECT * FROM (SELECT '%[1]s' AS kind, t.id AS id, 0 AS n, t.created AS created FROM %[1]s t
			 WHERE %[2]s ORDER BY t.created DESC, t.id DESC LIMIT {:upto})`, k.Table, pendingWhere(k.Table)))
	}
	sql := "SELECT kind, id, n FROM (" + strings.Join(parts, " UNION ALL ") +
		") ORDER BY created DESC, id DESC LIMIT {:limit} OFFSET {:offset}"
	var refs []queueRef
	err := app.DB().NewQuery(sql).Bind(dbx.Params{"upto": offset + limit, "limit": limit, "offset": offset}).All(&refs)
	if err != nil {
		return nil, fmt.Errorf("admin: pending listings: %w", err)
	}
	return refs, nil
}

// countPending counts the not yet reviewed listings without open reports.
func countPending(app core.App, kinds []listings.Kind) (int, error) {
	total := 0
	for _, k := range kinds {
		var n int
		err := app.DB().NewQuery("SELECT count(*) FROM " + k.Table + " t WHERE " + pendingWhere(k.Table)).Row(&n)
		if err != nil {
			return 0, fmt.Errorf("admin: count pending: %w", err)
		}
		total += n
	}
	return total, nil
}
