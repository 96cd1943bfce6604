package deals

import (
	"time"

	"sponsorbridge/pb/internal/when"
)

// OnTime tells whether the deliverable was done on or before its due date,
// both as dates in India (when.Day): nil without a due date, false
// while it is not done.
func (d Deliverable) OnTime() *bool {
	if d.Due == "" {
		return nil
	}
	done, err := time.Parse(time.RFC3339, d.DoneAt)
	onTime := err == nil && when.Day(done) <= d.Due
	return &onTime
}

// OnTimeSQL is OnTime as an SQL condition on a done deliverable's doneAt and
// due (expressions): the day in India it was done is on or before its due
// date. The kits' and the overview's shares count with it.
func OnTimeSQL(doneAt, due string) string {
	return "date(" + doneAt + ", '" + when.IndiaSQL + "') <= " + due
}
