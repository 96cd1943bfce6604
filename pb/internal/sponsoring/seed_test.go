package sponsoring_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

// seed: dan offers two sponsorships (one rejected) and asks for funding
// twice (one open, one closed); priya and zed are other members; boss is an
// administrator.
func seed(t testing.TB, app core.App) {
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "priya@example.com"})
	testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Robotics kits", Amount: 250})
	testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Spam offer", Reviewed: true, RejectionReason: "spam"})
	testutil.CreateListing(t, app, "sponsorship_requests", dan, testutil.ListingOpts{Title: "Health camp", Amount: 3200})
	testutil.CreateListing(t, app, "sponsorship_requests", dan, testutil.ListingOpts{Title: "Old fair", Status: "closed"})
}

func listing(t testing.TB, app core.App, table, title string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByData(table, "title", title)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func count(t testing.TB, app core.App, collection string, where dbx.Expression) int {
	t.Helper()
	n, err := app.CountRecords(collection, where)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func expectCount(collection string, n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if got := count(t, app, collection, nil); got != n {
			t.Errorf("%s: expected %d rows, found %d", collection, n, got)
		}
	}
}

// waitForMail waits for the background mailer to have delivered n messages
// to the development mailbox (no SMTP in tests) and answers them, newest first.
func waitForMail(t testing.TB, app *tests.TestApp, n int) []mailbox.Message {
	t.Helper()
	var got []mailbox.Message
	testutil.Eventually(t, 3*time.Second, fmt.Sprintf("%d e-mails", n), func() bool {
		got, _ = mailbox.Read(mailbox.Dir(app), "")
		return len(got) >= n
	})
	if len(got) != n {
		t.Errorf("expected %d e-mails, %d were sent", n, len(got))
	}
	return got
}
