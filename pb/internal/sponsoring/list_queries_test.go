package sponsoring_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/testutil"
)

// TestApplicationAndCommitmentListsCostNoQueryPerRow: a page of 20
// applications or pledges costs the SQL a page of 1 does, each row with its
// own member, conversation and deal, on both sides of the list.
func TestApplicationAndCommitmentListsCostNoQueryPerRow(t *testing.T) {
	cases := []struct {
		name, url, reader, table, field, marker string
		deleted                                 bool
	}{
		{"the poster's applications", "/api/applications?role=received", "dan", "applications", "applicant", `"applicant":{`, false},
		{"an applicant's applications", "/api/applications?role=sent", "member0", "applications", "applicant", `"applicant":{`, false},
		{"the poster's pledges", "/api/commitments?role=received", "dan", "commitments", "sponsor", `"sponsor":{`, true},
		{"a sponsor's pledges", "/api/commitments?role=given", "member0", "commitments", "sponsor", `"sponsor":{`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := apptest.NewApp(t, nil)
			t.Cleanup(app.Cleanup)
			seed(t, app)
			h := testutil.Handler(t, app)
			q := testutil.WatchQueries(t, app)
			addRows(t, app, c.table, c.field, 0, 1, false)
			reader := testutil.FindByUsername(t, app, c.reader)
			headers := testutil.Cookie(t, reader)
			one, body := q.Get(t, h, c.url, headers)
			if !strings.Contains(body, `"conversationId":"`+conversationOf(t, app, "member0")+`"`) ||
				strings.Contains(body, `"dealId":""`) {
				t.Fatalf("the page of 1 lacks its links: %s", body)
			}
			if c.reader == "dan" {
				addRows(t, app, c.table, c.field, 1, 20, c.deleted)
			} else { // the same member's rows, each to its own poster
				addRowsBy(t, app, c.table, c.field, reader, 1, 20)
			}
			twenty, body := q.Get(t, h, c.url, headers)
			if n := strings.Count(body, c.marker); n != 20 {
				t.Fatalf("the page of 20 has %d rows: %s", n, body)
			}
			if c.deleted && !strings.Contains(body, `"displayName":"Deleted member"`) {
				t.Fatalf("the page of 20 lacks the deleted sponsor: %s", body)
			}
			t.Logf("a page of 1 costs %d queries, of 20 %d", len(one), len(twenty))
			if len(one) != len(twenty) {
				t.Errorf("a page of 1 costs %d queries, of 20 %d:\n%s", len(one), len(twenty), strings.Join(twenty, "\n"))
			}
		})
	}
}

// addRows saves applications to dan's sponsorship (or pledges to his
// request) from member<first> to member<last-1>, each in a conversation
// with dan and with its deal; deleted: member<first> then deletes their
// account.
func addRows(t testing.TB, app core.App, table, field string, first, last int, deleted bool) {
	t.Helper()
	dan := testutil.FindByUsername(t, app, "dan")
	for i := first; i < last; i++ {
		m := testutil.CreateMember(t, app, fmt.Sprintf("member%d", i), testutil.MemberOpts{})
		addRow(t, app, table, field, m, dan)
		if deleted && i == first {
			if err := app.Delete(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// addRowsBy saves rows of member to listings of poster<first> to
// poster<last-1>.
func addRowsBy(t testing.TB, app core.App, table, field string, member *core.Record, first, last int) {
	t.Helper()
	for i := first; i < last; i++ {
		addRow(t, app, table, field, member, testutil.CreateMember(t, app, fmt.Sprintf("poster%d", i), testutil.MemberOpts{}))
	}
}

func addRow(t testing.TB, app core.App, table, field string, member, poster *core.Record) {
	t.Helper()
	kind, listingField := "sponsorships", "sponsorship"
	if table == "commitments" {
		kind, listingField = "sponsorship_requests", "request"
	}
	listing := testutil.CreateListing(t, app, kind, poster, testutil.ListingOpts{Title: "For " + member.GetString("username")})
	c, err := app.FindCollectionByNameOrId(table)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set(field, member.Id)
	r.Set("poster", poster.Id)
	r.Set(listingField, listing.Id)
	if table == "commitments" {
		r.Set("amount", 50)
		r.Set("status", "active")
	} else {
		r.Set("status", "accepted")
	}
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	if _, _, err := messaging.Open(app, member.Id, poster.Id); err != nil {
		t.Fatal(err)
	}
	deals, err := app.FindCollectionByNameOrId("deals")
	if err != nil {
		t.Fatal(err)
	}
	d := core.NewRecord(deals)
	d.Set(map[string]string{"applications": "application", "commitments": "commitment"}[table], r.Id)
	d.Set("listingKind", kind)
	d.Set("listingId", listing.Id)
	d.Set("sponsor", member.Id)
	d.Set("recipient", poster.Id)
	d.Set("amount", 50)
	d.Set("status", "negotiating")
	if err := app.Save(d); err != nil {
		t.Fatal(err)
	}
}

func conversationOf(t testing.TB, app core.App, username string) string {
	t.Helper()
	m := testutil.FindByUsername(t, app, username)
	dan := testutil.FindByUsername(t, app, "dan")
	conv, err := app.FindFirstRecordByData(messaging.Conversations, "pairKey", messaging.PairKey(m.Id, dan.Id))
	if err != nil {
		t.Fatal(err)
	}
	return conv.Id
}
