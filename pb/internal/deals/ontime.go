package deals

import (
	"time"

	"sponsorbridge/pb/internal/when"
)

// OnTime tells whether the deliverable was done on or before its due date,
// both as dates in India (when.Day): nil without a due date, false
// while it is not done. OnTimeCounts is the same rule in a query.
func (d Deliverable) OnTime() *bool {
	if d.Due == "" {
		return nil
	}
	done, err := time.Parse(time.RFC3339, d.DoneAt)
	onTime := err == nil && when.Day(done) <= d.Due
	return &onTime
}

// OnTimeCounts are SQL expressions over a deals row (its alias: deal):
// withDue counts its deliverables with a due date, onTime those of them
// done on or before it, as OnTime decides. Each is a correlated subquery
// over the row's JSON.
func OnTimeCounts() (withDue, onTime string) {
	const due = `FROM json_each(deal.deliverables) j WHERE COALESCE(json_extract(j.value, '$.due'), '') != ''`
	return `(SELECT COUNT(*) ` + due + `)`,
		`(SELECT COUNT(*) ` + due + ` AND COALESCE(json_extract(j.value, '$.doneAt'), '') != ''
			AND ` + when.IndiaDaySQL("json_extract(j.value, '$.doneAt')") + ` <= json_extract(j.value, '$.due'))`
}
