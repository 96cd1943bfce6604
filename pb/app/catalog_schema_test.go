package app_test

import (
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/testutil"
)

// Migrations write the categories and plans as they were when each ran, so
// that an old migration never changes with the code. This test is the
// reminder: changing the catalog needs a new migration that changes the
// select fields to match.
func TestSchemaMatchesTheCatalog(t *testing.T) {
	app := testutil.NewApp(t, nil)
	check := func(collection, field string, want []string) {
		t.Helper()
		c, err := app.FindCollectionByNameOrId(collection)
		if err != nil {
			t.Fatal(err)
		}
		f, ok := c.Fields.GetByName(field).(*core.SelectField)
		if !ok {
			t.Fatalf("%s.%s is not a select field", collection, field)
		}
		if !slices.Equal(f.Values, want) {
			t.Errorf("%s.%s allows %v, the catalog has %v: add a migration", collection, field, f.Values, want)
		}
	}
	check("users", "subscriptionPlan", catalog.PlanIDs())
	check("payments", "plan", catalog.PlanIDs())
	check("sponsorships", "categories", catalog.Categories)
	check("sponsorship_requests", "categories", catalog.Categories)
}
