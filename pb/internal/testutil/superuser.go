package testutil

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// SuperuserHeaders creates the superuser root@example.com and answers the
// Authorization header that signs a request in as them (the dashboard's
// way in to PocketBase's own routes).
func SuperuserHeaders(t testing.TB, app core.App) map[string]string {
	t.Helper()
	supers, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	su := core.NewRecord(supers)
	su.SetEmail("root@example.com")
	su.SetPassword("root-pass-123")
	if err := app.Save(su); err != nil {
		t.Fatal(err)
	}
	token, err := su.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"Authorization": token}
}
