package kits

import (
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

const (
	msgNoMeasured = "You have no measured reach yet: it comes from tracked links of completed deals"
	msgEmpty      = "Add your audience or a past event before publishing your media kit."
	msgNotFound   = "Media kit not found."
)

// Save replaces the member's kit with the body: its lists, and their
// audience (users.audience: self, or evidenced with one of their own files;
// or measured, kept equal to their measured audience by Upkeep). Every
// provenance is the server's.
func Save(app core.App, memberID string, in KitInput) (Kit, error) {
	now := time.Now()
	today := when.Day(now)
	body, errs := in.validate(today)
	if err := checkEvidence(app, memberID, body.evidence, errs); err != nil {
		return Kit{}, err
	}
	if in.AudienceMeasured {
		if err := Upkeep(app, memberID); err != nil {
			return Kit{}, err
		}
		var measured int
		if err := app.DB().NewQuery("SELECT measuredAudience FROM users WHERE id = {:id}").
			Bind(map[string]any{"id": memberID}).Row(&measured); err != nil {
			return Kit{}, err
		}
		if measured == 0 {
			errs["audience"] = field("no_measured", msgNoMeasured)
		}
	}
	if len(errs) > 0 {
		return Kit{}, refusal.Invalidf(refusal.CheckFields, errs)
	}
	return change(app, memberID, func(tx core.App, owner, kit *core.Record) error {
		kit.Set("headline", body.headline)
		kit.Set("segments", withIDs(body.segments, func(s *storedSegment, id string) { s.ID = id }))
		kit.Set("channels", withIDs(body.channels, func(c *storedChannel, id string) { c.ID = id }))
		kit.Set("pastEvents", withIDs(body.pastEvents, func(e *storedEvent, id string) { e.ID = id }))
		switch a := body.audience; {
		case in.AudienceMeasured:
			kit.Set("audienceEvidence", "")
			owner.Set("audienceProvenance", evidence.Measured)
			owner.Set("audience", owner.GetInt("measuredAudience"))
			owner.Set("audienceAsOf", dayStart(now))
		case a != nil:
			provenance := evidence.Self
			if a.evidence != "" {
				provenance = evidence.Evidenced
			}
			kit.Set("audienceEvidence", a.evidence)
			owner.Set("audienceProvenance", provenance)
			owner.Set("audience", a.value)
			owner.Set("audienceAsOf", storedDay(a.asOf))
		default:
			return nil
		}
		return tx.Save(owner)
	})
}

// checkEvidence adds "Attach one of your own files" to every key whose
// file is not one of the member's own kit files (one query for them all).
func checkEvidence(app core.App, memberID string, named map[string]string, errs validation.Errors) error {
	ids := make([]string, 0, len(named))
	for _, id := range named {
		ids = append(ids, id)
	}
	own, err := evidence.OfMember(app, memberID, ids...)
	if err != nil {
		return err
	}
	for key, id := range named {
		if own[id] == nil {
			errs[key] = field("evidence", msgEvidence)
		}
	}
	return nil
}

// Publish shows the member's kit on its public page; a kit with neither an
// audience nor a past event is refused.
func Publish(app core.App, memberID string) (Kit, error) {
	return change(app, memberID, func(tx core.App, owner, kit *core.Record) error {
		var events []storedEvent
		_ = kit.UnmarshalJSONField("pastEvents", &events)
		if owner.GetInt("audience") == 0 && len(events) == 0 {
			return refusal.Conflictf(msgEmpty)
		}
		if !kit.GetBool("published") {
			kit.Set("published", true)
			kit.Set("publishedAt", types.NowDateTime())
		}
		return nil
	})
}

// Unpublish takes the member's kit off its public page.
func Unpublish(app core.App, memberID string) (Kit, error) {
	return change(app, memberID, func(_ core.App, _, kit *core.Record) error {
		kit.Set("published", false)
		return nil
	})
}

// change applies a change to the member's kit (made when they have none)
// and answers the kit as saved.
func change(app core.App, memberID string, apply func(tx core.App, owner, kit *core.Record) error) (Kit, error) {
	var owner, kit *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		var err error
		if owner, err = tx.FindRecordById("users", memberID); err != nil {
			return refusal.New(refusal.NotSignedIn, "Please sign in again.")
		}
		if kit, err = evidence.KitOf(tx, memberID, true); err != nil {
			return err
		}
		if err := apply(tx, owner, kit); err != nil {
			return err
		}
		return tx.Save(kit)
	})
	if err != nil {
		return Kit{}, err
	}
	return answer(app, owner, kit)
}

// withIDs gives each item of a list a new id.
func withIDs[T any](items []T, set func(*T, string)) []T {
	if items == nil {
		return []T{}
	}
	for i := range items {
		set(&items[i], core.GenerateDefaultRandomId())
	}
	return items
}

// storedDay is a "YYYY-MM-DD" day as a date field stores it.
func storedDay(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return ""
	}
	return when.Stored(t)
}
