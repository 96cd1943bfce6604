package signin_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

// countUsers is how many accounts app holds.
func countUsers(t testing.TB, app *tests.TestApp) int {
	t.Helper()
	n, err := app.CountRecords("users")
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// unproven makes a member holding an address it never proved, as accounts
// could before addresses had to be proven.
func unproven(t testing.TB, app *tests.TestApp, username, email string) *core.Record {
	t.Helper()
	m := testutil.CreateMember(t, app, username, testutil.MemberOpts{Email: email})
	m.SetVerified(false)
	if err := app.Save(m); err != nil {
		t.Fatal(err)
	}
	return m
}
