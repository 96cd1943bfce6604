package packages

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/when"
)

// The notices of a hold's end and of its reminder (docs/api/packages.md,
// "Holds"; the pledge tells of the slot taken): deal notes, so they are
// e-mailed under the member's `deals` choice (notify.BindHooks), each
// leading to the deal.

// noteEndingSoon reminds both sides of deal d that its hold ends within a day.
func noteEndingSoon(tx core.App, d *core.Record) error {
	until := when.DateTime(d.GetDateTime("holdUntil").Time())
	return both(tx, d,
		notify.Note{Title: fmt.Sprintf("Your hold on %s ends in 24 hours", tierOf(d)),
			Body: fmt.Sprintf("Fund the deal for %s by %s, or the slot is freed for other sponsors.", titleOf(d), until)},
		notify.Note{Title: fmt.Sprintf("The hold on %s by %s ends in 24 hours", tierOf(d), sponsorName(tx, d)),
			Body: fmt.Sprintf("If the deal for %s is not funded by %s, it is cancelled and the slot is free again.", titleOf(d), until)})
}

// noteEnded tells both sides that deal d was cancelled when its hold ended.
func noteEnded(tx core.App, d *core.Record) error {
	reason := d.GetString("cancelReason")
	return both(tx, d,
		notify.Note{Title: fmt.Sprintf("Your hold on %s ended: the deal for %s is cancelled", tierOf(d), titleOf(d)), Body: reason},
		notify.Note{Title: fmt.Sprintf("The hold on %s by %s ended: the deal for %s is cancelled", tierOf(d), sponsorName(tx, d), titleOf(d)),
			Body: reason})
}

// both stores the sponsor's and the poster's notes about deal d (a member
// who left is told nothing).
func both(tx core.App, d *core.Record, sponsor, poster notify.Note) error {
	for _, n := range []struct {
		to   string
		note notify.Note
	}{{d.GetString("sponsor"), sponsor}, {d.GetString("recipient"), poster}} {
		if n.to == "" {
			continue
		}
		n.note.UserID, n.note.Type, n.note.Link, n.note.Subject = n.to, notify.TypeDeal, dealPath(d), d.Id
		if err := notify.Create(tx, n.note); err != nil {
			return err
		}
	}
	return nil
}

func tierOf(d *core.Record) string   { return "“" + notify.Clip(d.GetString("tierName"), 60) + "”" }
func titleOf(d *core.Record) string  { return "“" + notify.Clip(d.GetString("title"), 80) + "”" }
func dealPath(d *core.Record) string { return "/deals/" + d.Id }

// sponsorName is the deal's sponsor as the poster reads them.
func sponsorName(tx core.App, d *core.Record) string {
	if s, err := tx.FindRecordById("users", d.GetString("sponsor")); err == nil {
		return notify.Clip(s.GetString("displayName"), 40)
	}
	return "a sponsor"
}
