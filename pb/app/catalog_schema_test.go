package app_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/apptest"
)

// Migrations write the categories and plans as they were when each ran, so
// that an old migration never changes with the code. This test is the
// reminder: changing the catalog needs a new migration that changes the
// select fields to match.
func TestSchemaMatchesTheCatalog(t *testing.T) {
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
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

// The dashboard names a listing's poster (it read "N/A" without a
// presentable field on users) and tells the internal e-mail proofs apart
// from members.
func TestDashboardPresentsMembersAndListings(t *testing.T) {
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	field := func(collection, name string) core.Field {
		t.Helper()
		c, err := app.FindCollectionByNameOrId(collection)
		if err != nil {
			t.Fatal(err)
		}
		return c.Fields.GetByName(name)
	}
	if f, _ := field("users", "displayName").(*core.TextField); f == nil || !f.Presentable {
		t.Error("users.displayName is not presentable")
	}
	if f, _ := field("sponsorships", "title").(*core.TextField); f == nil || !f.Presentable {
		t.Error("sponsorships.title is not presentable")
	}
	if f, _ := field("email_proofs", "email").(*core.EmailField); f == nil || !strings.Contains(f.Help, "not a member") {
		t.Errorf("email_proofs.email has no help saying what it is: %+v", f)
	}
}
