package messaging_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/testutil"
)

// TestConversationListCostsNoQueryPerRow: a page of 20 conversations costs
// the SQL a page of 1 does, each with its own other member (one of whom
// deleted their account and still reads "Deleted member").
func TestConversationListCostsNoQueryPerRow(t *testing.T) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	dan := testutil.FindByUsername(t, app, "dan")
	headers := testutil.Cookie(t, dan)
	one, body := q.Get(t, h, "/api/conversations", headers)
	if !strings.Contains(body, `"username":"priya"`) {
		t.Fatalf("the page of 1 reads %s", body)
	}
	for i := 1; i < 20; i++ {
		other := testutil.CreateMember(t, app, fmt.Sprintf("member%d", i), testutil.MemberOpts{})
		talk(t, app, dan, other)
		if i == 1 {
			if err := app.Delete(other); err != nil {
				t.Fatal(err)
			}
		}
	}
	twenty, body := q.Get(t, h, "/api/conversations", headers)
	if n := strings.Count(body, `"other":{`); n != 20 {
		t.Fatalf("the page of 20 has %d conversations: %s", n, body)
	}
	if !strings.Contains(body, `"username":"member19"`) || !strings.Contains(body, `"displayName":"Deleted member"`) {
		t.Fatalf("the page of 20 lacks its members: %s", body)
	}
	t.Logf("a page of 1 costs %d queries, of 20 %d", len(one), len(twenty))
	if len(one) != len(twenty) {
		t.Errorf("a page of 1 costs %d queries, of 20 %d:\n%s", len(one), len(twenty), strings.Join(twenty, "\n"))
	}
}

// talk opens a conversation between a and b with a message from b.
func talk(t testing.TB, app core.App, a, b *core.Record) *core.Record {
	t.Helper()
	conv, _, err := messaging.Open(app, a.Id, b.Id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := messaging.Send(app, conv.Id, messaging.Post{SenderID: b.Id, Body: "Hello from " + b.GetString("username")}); err != nil {
		t.Fatal(err)
	}
	return conv
}

// TestMessageListCostsNoQueryPerRow: a page of 20 notes costs the SQL a
// page of 1 does, each linking to the deal its pledge or application
// opened.
func TestMessageListCostsNoQueryPerRow(t *testing.T) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	dan, zed := testutil.FindByUsername(t, app, "dan"), testutil.FindByUsername(t, app, "zed")
	conv, _, err := messaging.Open(app, dan.Id, zed.Id)
	if err != nil {
		t.Fatal(err)
	}
	url := "/api/conversations/" + conv.Id + "/messages"
	headers := testutil.Cookie(t, dan)
	note(t, app, conv, zed, dan, 0)
	one, body := q.Get(t, h, url, headers)
	if strings.Count(body, `"dealId":"`) != 1 || strings.Contains(body, `"dealId":""`) {
		t.Fatalf("the page of 1 reads %s", body)
	}
	for i := 1; i < 20; i++ {
		note(t, app, conv, zed, dan, i)
	}
	twenty, body := q.Get(t, h, url, headers)
	if strings.Count(body, `"dealId":"`) != 20 || strings.Contains(body, `"dealId":""`) {
		t.Fatalf("the page of 20 lacks its deals: %s", body)
	}
	t.Logf("a page of 1 costs %d queries, of 20 %d", len(one), len(twenty))
	if len(one) != len(twenty) {
		t.Errorf("a page of 1 costs %d queries, of 20 %d:\n%s", len(one), len(twenty), strings.Join(twenty, "\n"))
	}
}

// note posts from sponsor to poster the note of a pledge (i even) or of an
// application (i odd), with the deal it opened.
func note(t testing.TB, app core.App, conv, sponsor, poster *core.Record, i int) {
	t.Helper()
	kind, table, listingField, contextType := "sponsorship_requests", "commitments", "request", "commitment"
	if i%2 == 1 {
		kind, table, listingField, contextType = "sponsorships", "applications", "sponsorship", "application"
	}
	listing := testutil.CreateListing(t, app, kind, poster, testutil.ListingOpts{Title: fmt.Sprintf("Listing %d", i)})
	c, err := app.FindCollectionByNameOrId(table)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set(map[string]string{"commitments": "sponsor", "applications": "applicant"}[table], sponsor.Id)
	r.Set("poster", poster.Id)
	r.Set(listingField, listing.Id)
	r.Set("amount", 50)
	r.Set("status", map[string]string{"commitments": "active", "applications": "accepted"}[table])
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	deals, err := app.FindCollectionByNameOrId("deals")
	if err != nil {
		t.Fatal(err)
	}
	d := core.NewRecord(deals)
	d.Set(contextType, r.Id)
	d.Set("listingKind", kind)
	d.Set("listingId", listing.Id)
	d.Set("sponsor", sponsor.Id)
	d.Set("recipient", poster.Id)
	d.Set("amount", 50)
	d.Set("status", "negotiating")
	if err := app.Save(d); err != nil {
		t.Fatal(err)
	}
	_, err = messaging.Send(app, conv.Id, messaging.Post{SenderID: sponsor.Id, Body: "A note", System: true,
		ContextType: contextType, ContextID: r.Id})
	if err != nil {
		t.Fatal(err)
	}
}
