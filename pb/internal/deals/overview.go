package deals

import (
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/when"
)

// OverviewMonths is how many months the overview's series hold (this
// month and the ones before it), and OverviewDeals how many deals it lists
// (the latest funded; the rest are on GET /api/deals).
const (
	OverviewMonths = 12
	OverviewDeals  = 50
)

// DealOverview is a member's deals in figures (docs/api/proof-of-value.md,
// "A member's overview"): over the deals whose money moved (funded, not
// cancelled), as sponsor (given) and as recipient (received).
type DealOverview struct {
	Given      Totals           `json:"given"`
	Received   Totals           `json:"received"`
	Months     []MonthTotals    `json:"months"`
	Categories []CategoryTotals `json:"categories"`
	Reach      []MonthReach     `json:"reach"`
	OnTime     []MonthOnTime    `json:"onTime"`
	Deals      []Deal           `json:"deals"`
}

// Totals are an amount and how many deals make it.
type Totals struct {
	Total int `json:"total"`
	Deals int `json:"deals"`
}

// MonthTotals are the amounts of a month (YYYY-MM, India's calendar) by
// when the deals were funded.
type MonthTotals struct {
	Month    string `json:"month"`
	Given    int    `json:"given"`
	Received int    `json:"received"`
}

// CategoryTotals are the amounts of a category ("" for deals without one).
type CategoryTotals struct {
	Category string `json:"category"`
	Given    int    `json:"given"`
	Received int    `json:"received"`
}

// MonthReach is the reach of the counted deals completed in a month:
// Measured the unique visitors of their tracked links, Reported the largest
// attendance figure of each one's published impact report, added up
// (self-reported or evidenced figures: the page labels them so).
type MonthReach struct {
	Month    string `json:"month"`
	Measured int    `json:"measured"`
	Reported int    `json:"reported"`
}

// MonthOnTime is the on-time share (a whole percentage, null when none)
// of the deliverables with a due date done in a month.
type MonthOnTime struct {
	Month        string `json:"month"`
	Share        *int   `json:"share"`
	Deliverables int    `json:"deliverables"`
}

// moved are the member's deals whose money moved, with the side they were
// on: one branch per side, so each reads its own index.
const moved = `SELECT 'given' AS side, * FROM deals WHERE sponsor = {:me} AND fundedAt != '' AND status != 'cancelled'
	UNION ALL SELECT 'received' AS side, * FROM deals WHERE recipient = {:me} AND fundedAt != '' AND status != 'cancelled'`

// MemberOverview is member me's overview at now: four aggregate queries
// and the latest deals, whatever the number of deals.
func MemberOverview(app core.App, me string, now time.Time) (DealOverview, error) {
	months := lastMonths(now, OverviewMonths)
	out := DealOverview{Months: make([]MonthTotals, len(months)), Reach: make([]MonthReach, len(months)),
		OnTime: make([]MonthOnTime, len(months)), Categories: []CategoryTotals{}}
	at := map[string]int{}
	for i, m := range months {
		at[m] = i
		out.Months[i].Month, out.Reach[i].Month, out.OnTime[i].Month = m, m, m
	}
	params := dbx.Params{"me": me, "month": months[0]}

	var sums []struct {
		Side     string `db:"side"`
		Month    string `db:"month"`
		Category string `db:"category"`
		Total    int    `db:"total"`
		N        int    `db:"n"`
	}
	err := app.DB().NewQuery(`SELECT side, strftime('%Y-%m', fundedAt, '` + when.IndiaSQL + `') AS month, category,
		SUM(amount) AS total, COUNT(*) AS n FROM (` + moved + `) GROUP BY side, month, category ORDER BY category`).
		Bind(params).All(&sums)
	if err != nil {
		return out, fmt.Errorf("deals: overview sums: %w", err)
	}
	byCategory := map[string]int{}
	for _, s := range sums {
		side, month := &out.Given, &MonthTotals{}
		if i, ok := at[s.Month]; ok {
			month = &out.Months[i]
		}
		if _, ok := byCategory[s.Category]; !ok {
			byCategory[s.Category] = len(out.Categories)
			out.Categories = append(out.Categories, CategoryTotals{Category: s.Category})
		}
		c := &out.Categories[byCategory[s.Category]]
		if s.Side == "given" {
			month.Given += s.Total
			c.Given += s.Total
		} else {
			side = &out.Received
			month.Received += s.Total
			c.Received += s.Total
		}
		side.Total += s.Total
		side.Deals += s.N
	}

	var reach []struct {
		Month    string `db:"month"`
		Measured int    `db:"measured"`
		Reported int    `db:"reported"`
	}
	err = app.DB().NewQuery(`SELECT strftime('%Y-%m', completedAt, '` + when.IndiaSQL + `') AS month,
		COALESCE(SUM((SELECT SUM(l.uniqueVisitors) FROM tracked_links l WHERE l.deal = d.id)), 0) AS measured,
		COALESCE(SUM((SELECT MAX(CAST(json_extract(f.value, '$.value') AS INTEGER))
			FROM impact_reports r, json_each(r.figures) f
			WHERE r.deal = d.id AND r.status = 'published' AND json_extract(f.value, '$.kind') = 'attendance')), 0) AS reported
		FROM (` + moved + `) d WHERE ` + Counted("d") + `
		GROUP BY month HAVING month >= {:month}`).Bind(params).All(&reach)
	if err != nil {
		return out, fmt.Errorf("deals: overview reach: %w", err)
	}
	for _, r := range reach {
		if i, ok := at[r.Month]; ok {
			out.Reach[i].Measured, out.Reach[i].Reported = r.Measured, r.Reported
		}
	}

	var onTime []struct {
		Month  string `db:"month"`
		N      int    `db:"n"`
		OnTime int    `db:"onTime"`
	}
	err = app.DB().NewQuery(`SELECT strftime('%Y-%m', json_extract(it.value, '$.doneAt'), '` + when.IndiaSQL + `') AS month,
		COUNT(*) AS n,
		SUM(` + OnTimeSQL("json_extract(it.value, '$.doneAt')", "json_extract(it.value, '$.due')") + `) AS onTime
		FROM (` + moved + `) d, json_each(d.deliverables) it
		WHERE COALESCE(json_extract(it.value, '$.due'), '') != '' AND COALESCE(json_extract(it.value, '$.doneAt'), '') != ''
		GROUP BY month HAVING month >= {:month}`).Bind(params).All(&onTime)
	if err != nil {
		return out, fmt.Errorf("deals: overview on time: %w", err)
	}
	for _, o := range onTime {
		if i, ok := at[o.Month]; ok && o.N > 0 {
			out.OnTime[i].Share, out.OnTime[i].Deliverables = Percent(o.OnTime, o.N), o.N
		}
	}

	var rows []*core.Record
	err = app.RecordQuery("deals").AndWhere(dbx.Or(dbx.HashExp{"sponsor": me}, dbx.HashExp{"recipient": me})).
		AndWhere(dbx.NewExp("fundedAt != '' AND status != 'cancelled'")).
		OrderBy("fundedAt DESC", "rowid DESC").Limit(OverviewDeals).All(&rows)
	if err != nil {
		return out, fmt.Errorf("deals: overview deals: %w", err)
	}
	out.Deals, err = ToDeals(app, rows)
	return out, err
}

// lastMonths are the n months up to now's (India's calendar), oldest
// first, as YYYY-MM.
func lastMonths(now time.Time, n int) []string {
	t := now.In(when.India)
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, when.India)
	out := make([]string, n)
	for i := range n {
		out[i] = first.AddDate(0, i-n+1, 0).Format("2006-01")
	}
	return out
}
