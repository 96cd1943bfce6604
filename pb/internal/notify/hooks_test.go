package notify_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

// A notification stored in a transaction that rolls back mails nothing;
// one whose transaction commits is mailed, with nobody handing it on.
func TestANotificationIsMailedOnlyWhenItsWriteCommits(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	refused := errors.New("refused")
	for _, c := range []struct {
		title string
		err   error
	}{{"Rolled back with its deal", refused}, {"Committed with its deal", nil}} {
		err := app.RunInTransaction(func(tx core.App) error {
			if err := notify.Create(tx, notify.Note{UserID: dan.Id, Type: notify.TypeDeal, Title: c.title, Link: "/deals/abc"}); err != nil {
				return err
			}
			return c.err
		})
		if !errors.Is(err, c.err) {
			t.Fatalf("%s: the transaction answered %v", c.title, err)
		}
	}
	queue.Of(app).Wait()
	if got := subjects(t, app, "dan@example.com"); !slices.Equal(got, []string{"Committed with its deal"}) {
		t.Fatalf("mailed %q, want only the committed note", got)
	}
}

// A notification stored straight on the app (no route, no transaction) is
// mailed by its receiver's choices: not when its topic is off, not alone
// when its topic is mailed in batches (matches, alerts), and a chat
// merged into its unread note is mailed once.
func TestStoredNotificationsAreMailedByTheChoices(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	dan.Set("emailPrefs", map[string]bool{"deals": false})
	if err := app.Save(dan); err != nil {
		t.Fatal(err)
	}
	for _, n := range []notify.Note{
		{Type: notify.TypeDeal, Title: "Deal mails are off"},
		{Type: notify.TypeApplication, Title: "Someone applied"},
		{Type: notify.TypeMatch, Title: "A match, mailed in its digest"},
		{Type: notify.TypeSavedSearch, Title: "An alert, mailed in its digest"},
		{Type: notify.TypeMessage, Title: "Priya wrote to you", Subject: "c1"},
		{Type: notify.TypeMessage, Title: "Priya wrote again", Subject: "c1"},
	} {
		n.UserID, n.Link = dan.Id, "/profile"
		if err := notify.Create(app, n); err != nil {
			t.Fatal(err)
		}
	}
	queue.Of(app).Wait()
	if got := subjects(t, app, "dan@example.com"); !slices.Equal(got, []string{"Priya wrote to you", "Someone applied"}) {
		t.Fatalf("mailed %q", got)
	}
}

// subjects are the subjects of the mails to an address, sorted.
func subjects(t testing.TB, app core.App, to string) []string {
	t.Helper()
	var out []string
	for _, m := range inboxOf(t, app, to) {
		out = append(out, m.Subject)
	}
	slices.Sort(out)
	return out
}
