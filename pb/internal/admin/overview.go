package admin

import (
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/listings"
)

// DashboardURL is PocketBase's superuser dashboard.
const DashboardURL = "/_/"

// Overview holds the dashboard's counters.
type Overview struct {
	PendingReview       int `json:"pendingReview"`
	Reported            int `json:"reported"`
	Members             int `json:"members"`
	Verified            int `json:"verified"`
	Administrators      int `json:"administrators"`
	ActiveSubscriptions int `json:"activeSubscriptions"`
	OpenContactMessages int `json:"openContactMessages"`
	// OpenDisputes counts deals in dispute: the administrators decide them.
	OpenDisputes int    `json:"openDisputes"`
	DashboardURL string `json:"dashboardUrl"`
}

// overview answers the counters the dashboard shows on top. pendingReview
// counts listings not yet reviewed; reported counts listings with open
// reports (a listing can be both).
func overview(e *core.RequestEvent) error {
	o := Overview{DashboardURL: DashboardURL}
	var countErr error
	count := func(table string, where dbx.Expression) int {
		n, err := e.App.CountRecords(table, where)
		if err != nil && countErr == nil {
			countErr = err
		}
		return int(n)
	}
	for _, k := range listings.Kinds {
		o.PendingReview += count(k.Table, dbx.Or(dbx.HashExp{"reviewed": false}, dbx.HashExp{"approved": false, "rejectionReason": ""}))
	}
	reported, err := reportedListings(e.App, listings.Kinds)
	if err != nil {
		return e.InternalServerError("", err)
	}
	o.Reported = len(reported)
	o.Members = count("users", nil)
	o.Verified = count("users", dbx.HashExp{"isVerified": true})
	o.Administrators = count("users", dbx.HashExp{"isAdmin": true})
	o.ActiveSubscriptions = count("users", activeSubscription(time.Now()))
	o.OpenContactMessages = count("contact_messages", dbx.HashExp{"resolved": false})
	o.OpenDisputes = count("deals", dbx.HashExp{"status": deals.StatusDisputed})
	if countErr != nil {
		return e.InternalServerError("", countErr)
	}
	return e.JSON(http.StatusOK, o)
}
