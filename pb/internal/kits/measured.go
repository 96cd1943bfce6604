package kits

import (
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/when"
)

// countedOf are the counted deals of the recipient {:member}, with their
// reach: the unique visitors of their tracked links.
var countedOf = `counted AS (SELECT d.id, d.amount, d.deliverables,
		COALESCE((SELECT SUM(t.uniqueVisitors) FROM tracked_links t WHERE t.deal = d.id), 0) AS reach
	FROM deals d WHERE d.recipient = {:member} AND ` + deals.Counted("d") + `)`

// measuredSQL is every measured figure of a member in one statement,
// whatever the number of their deals: counted deals, the money received,
// the deliverables with a due date and those done on or before it (the
// day in India), the largest and the total reach.
var measuredSQL = `WITH ` + countedOf + `,
	items AS (SELECT json_extract(j.value, '$.due') AS due, json_extract(j.value, '$.doneAt') AS doneAt
		FROM counted c, json_each(CASE WHEN json_valid(c.deliverables) AND json_type(c.deliverables) = 'array'
			THEN c.deliverables ELSE '[]' END) j)
	SELECT (SELECT COUNT(*) FROM counted) AS deals,
		(SELECT COALESCE(SUM(amount), 0) FROM counted) AS amount,
		(SELECT COUNT(*) FROM items WHERE COALESCE(due, '') != '') AS due,
		(SELECT COUNT(*) FROM items WHERE COALESCE(due, '') != '' AND COALESCE(doneAt, '') != ''
			AND ` + deals.OnTimeSQL("doneAt", "due") + `) AS onTime,
		(SELECT COALESCE(MAX(reach), 0) FROM counted) AS reachLargest,
		(SELECT COALESCE(SUM(reach), 0) FROM counted) AS reachTotal`

type measuredRow struct {
	Deals        int `db:"deals"`
	Amount       int `db:"amount"`
	Due          int `db:"due"`
	OnTime       int `db:"onTime"`
	ReachLargest int `db:"reachLargest"`
	ReachTotal   int `db:"reachTotal"`
}

// measure computes the member's measured figures, as of today.
func measure(app core.App, memberID, today string) (MeasuredFigures, error) {
	var row measuredRow
	if err := app.DB().NewQuery(measuredSQL).Bind(dbx.Params{"member": memberID}).One(&row); err != nil {
		return MeasuredFigures{}, err
	}
	fig := func(v int) Figure { return evidence.MeasuredAt(v, today) }
	out := MeasuredFigures{Deals: fig(row.Deals), AmountReceived: fig(row.Amount),
		ReachLargest: fig(row.ReachLargest), ReachTotal: fig(row.ReachTotal)}
	if p := deals.Percent(row.OnTime, row.Due); p != nil {
		share := fig(*p)
		out.OnTimeShare = &share
	}
	return out, nil
}

// pastSponsorsSQL: the distinct sponsors of the member's counted deals who
// still have an account and let themselves be listed, newest completion
// first.
var pastSponsorsSQL = `SELECT d.sponsor AS sponsor, COUNT(*) AS deals, MAX(d.completedAt) AS last
	FROM deals d JOIN users u ON u.id = d.sponsor AND u.hideAsPastSponsor = 0
	WHERE d.recipient = {:member} AND ` + deals.Counted("d") + `
	GROUP BY d.sponsor ORDER BY last DESC, d.sponsor`

// pastSponsors lists the member's past sponsors (two queries).
func pastSponsors(app core.App, memberID string) ([]PastSponsor, error) {
	var rows []struct {
		Sponsor string `db:"sponsor"`
		Deals   int    `db:"deals"`
		Last    string `db:"last"`
	}
	if err := app.DB().NewQuery(pastSponsorsSQL).Bind(dbx.Params{"member": memberID}).All(&rows); err != nil {
		return nil, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.Sponsor
	}
	people, err := accounts.LoadPeople(app, ids...)
	if err != nil {
		return nil, err
	}
	out := make([]PastSponsor, 0, len(rows))
	for _, r := range rows {
		out = append(out, PastSponsor{Person: people[r.Sponsor], Deals: r.Deals, LastCompletedAt: when.APIStored(r.Last)})
	}
	return out, nil
}

// upkeepSQL writes the members' measured audience (the largest reach of
// their counted deals) and, for those whose audience is measured, their
// audience with it, in one statement.
var upkeepSQL = `UPDATE users SET
		measuredAudience = m.reach,
		audience = CASE WHEN audienceProvenance = '` + evidence.Measured + `' THEN m.reach ELSE audience END,
		audienceAsOf = CASE WHEN audienceProvenance = '` + evidence.Measured + `' AND audience != m.reach THEN {:today} ELSE audienceAsOf END
	FROM (SELECT u.id AS member, COALESCE((SELECT MAX(reach) FROM (
			SELECT (SELECT COALESCE(SUM(t.uniqueVisitors), 0) FROM tracked_links t WHERE t.deal = d.id) AS reach
			FROM deals d WHERE d.recipient = u.id AND ` + deals.Counted("d") + `)), 0) AS reach
		FROM users u WHERE u.id IN (SELECT value FROM json_each({:members}))) AS m
	WHERE users.id = m.member AND (users.measuredAudience != m.reach
		OR (users.audienceProvenance = '` + evidence.Measured + `' AND users.audience != m.reach))`

// Upkeep recomputes the measured audience of the members (their deal
// completed, their links visited), keeping the audience of those who chose
// "Use my measured reach" equal to it: the one place it is written.
func Upkeep(app core.App, memberIDs ...string) error {
	if len(memberIDs) == 0 {
		return nil
	}
	list, err := types.ParseJSONRaw(memberIDs)
	if err != nil {
		return err
	}
	_, err = app.DB().NewQuery(upkeepSQL).Bind(dbx.Params{"members": list.String(),
		"today": when.Stored(dayStart(time.Now()))}).Execute()
	return err
}

// dayStart is the start of t's day in India, as the instant stored for a
// date field.
func dayStart(t time.Time) time.Time {
	d, _ := time.Parse(time.DateOnly, when.Day(t))
	return d
}

// BindHooks keeps the measured audience as deals complete: the recipient's
// is recomputed in the transaction that completes their deal.
func BindHooks(app core.App) {
	app.OnRecordUpdate("deals").BindFunc(func(e *core.RecordEvent) error {
		was := e.Record.Original().GetString("status")
		if err := e.Next(); err != nil {
			return err
		}
		if was != deals.StatusCompleted && e.Record.GetString("status") == deals.StatusCompleted {
			return Upkeep(e.App, e.Record.GetString("recipient"))
		}
		return nil
	})
}

// visitsSeen is when MeasuredAudienceJob last looked at the tracked links'
// visits, by app (zero: never since the start, so the first run looks at
// every visited link).
var visitsSeen sync.Map

// MeasuredAudienceJob recomputes the measured audience of the members
// whose tracked links were visited since its last run (the cron job
// sbMeasuredAudience, every 10 minutes).
func MeasuredAudienceJob(app core.App) error {
	started := time.Now().Add(-time.Minute) // a visit's transaction may commit after its lastVisitAt
	var since time.Time
	if v, ok := visitsSeen.Load(app); ok {
		since = v.(time.Time)
	}
	var members []string
	err := app.DB().NewQuery(`SELECT DISTINCT d.recipient FROM tracked_links t JOIN deals d ON d.id = t.deal
		WHERE t.lastVisitAt != '' AND t.lastVisitAt >= {:since} AND d.recipient != ''`).
		Bind(dbx.Params{"since": when.Stored(since)}).Column(&members)
	if err != nil {
		return err
	}
	for len(members) > 0 {
		n := min(len(members), 200)
		if err := Upkeep(app, members[:n]...); err != nil {
			return err
		}
		members = members[n:]
	}
	visitsSeen.Store(app, started)
	return nil
}
