package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Eligibility, questions and a shortlist (issue 41, docs/api/eligibility.md).
// A member may describe their events on their profile (where, about what,
// when the next is, how large its audience); an offer's poster may set
// criteria on those (criteria), questions to answer (questions) and a cap
// on the applications it takes (applicationCap, 0: none), and
// applicationCount is the applications not withdrawn, kept by one
// conditional statement on each application and withdrawal. An application
// keeps its answers (with the questions as they were asked), the poster's
// star (shortlisted: read by the poster only) and a decline's reason.
func init() {
	categories := []string{"Education", "Healthcare", "Technology", "Environment", "Arts", "Community", "Business"}
	declineReasons := []string{"not_a_fit", "budget", "dates", "audience", "location", "other"}
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(
			// a city, or "Online"
			&core.TextField{Name: "eventLocation", Max: 120},
			&core.SelectField{Name: "eventCategories", MaxSelect: len(categories), Values: categories},
			&core.DateField{Name: "nextEventDate"},
			// expected attendance or reach of an event, self-reported (0: not stated)
			&core.NumberField{Name: "audience", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(1e9)},
		)
		if err := app.Save(users); err != nil {
			return err
		}

		offers, err := app.FindCollectionByNameOrId("sponsorships")
		if err != nil {
			return err
		}
		offers.Fields.Add(
			// {locations, categories, eventFrom, eventTo, minAudience, verifiedOnly, reliableOnly}
			&core.JSONField{Name: "criteria", MaxSize: 4 << 10},
			// [{id, label, kind, required}], at most 5
			&core.JSONField{Name: "questions", MaxSize: 8 << 10},
			&core.NumberField{Name: "applicationCap", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(500.0)},
			&core.NumberField{Name: "applicationCount", OnlyInt: true, Min: types.Pointer(0.0)},
		)
		if err := app.Save(offers); err != nil {
			return err
		}
		// every application sent and not withdrawn so far takes its place
		if _, err := app.DB().NewQuery(`UPDATE sponsorships SET applicationCount =
			(SELECT COUNT(*) FROM applications a WHERE a.sponsorship = sponsorships.id)`).Execute(); err != nil {
			return err
		}

		applications, err := app.FindCollectionByNameOrId("applications")
		if err != nil {
			return err
		}
		if f, ok := applications.Fields.GetByName("status").(*core.SelectField); ok {
			f.Values = []string{"pending", "accepted", "declined", "withdrawn"}
		}
		applications.Fields.Add(
			// [{questionId, label, kind, value}]: the questions as asked
			&core.JSONField{Name: "answers", MaxSize: 16 << 10},
			&core.BoolField{Name: "shortlisted"},
			&core.SelectField{Name: "declineReason", MaxSelect: 1, Values: declineReasons},
			&core.TextField{Name: "declineNote", Max: 500},
		)
		applications.AddIndex("idx_applications_sponsorship", false, "sponsorship, status, created", "")
		return app.Save(applications)
	}, func(app core.App) error {
		for name, fields := range map[string][]string{
			"applications": {"answers", "shortlisted", "declineReason", "declineNote"},
			"sponsorships": {"criteria", "questions", "applicationCap", "applicationCount"},
			"users":        {"eventLocation", "eventCategories", "nextEventDate", "audience"},
		} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			for _, f := range fields {
				c.Fields.RemoveByName(f)
			}
			if name == "applications" {
				c.RemoveIndex("idx_applications_sponsorship")
				if f, ok := c.Fields.GetByName("status").(*core.SelectField); ok {
					f.Values = []string{"pending", "accepted", "declined"}
				}
			}
			if err := app.Save(c); err != nil {
				return err
			}
		}
		return nil
	})
}
