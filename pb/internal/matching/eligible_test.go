package matching_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Matches honour who may apply both ways: an offer's matches leave out the
// requests whose posters fail its criteria, a request's matches the offers
// its poster fails, and a full offer matches no one; as the posters'
// profiles are now.
func TestMatchesHonourEligibility(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	save := func(r *core.Record, fields map[string]any) *core.Record {
		for k, v := range fields {
			r.Set(k, v)
		}
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	pia := save(testutil.CreateMember(t, app, "pia", testutil.MemberOpts{}), map[string]any{"eventLocation": "Pune", "audience": 300})
	ned := testutil.CreateMember(t, app, "ned", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "cat", testutil.MemberOpts{})
	edu := []string{"Education"}
	open := listing(t, app, offers, ann, testutil.ListingOpts{Title: "Open offer", Amount: 300, Categories: edu}, "")
	pune := save(listing(t, app, offers, ann, testutil.ListingOpts{Title: "Pune offer", Amount: 300, Categories: edu}, ""),
		map[string]any{"criteria": map[string]any{"locations": []string{"Pune"}, "minAudience": 200}})
	full := save(listing(t, app, offers, ann, testutil.ListingOpts{Title: "Full offer", Amount: 300, Categories: edu}, ""),
		map[string]any{"applicationCap": 1, "applicationCount": 1})
	piasRequest := listing(t, app, requests, pia, testutil.ListingOpts{Title: "Pia's school", Amount: 200, Categories: edu}, inDays(30))
	nedsRequest := listing(t, app, requests, ned, testutil.ListingOpts{Title: "Ned's school", Amount: 200, Categories: edu}, inDays(30))

	j := testutil.NewJourney(t, app)
	matches := func(name, path string, want, notWant []string) {
		t.Helper()
		j.Do(t, testutil.Call{Name: name, Who: "cat", Method: http.MethodGet, URL: path + "/matches", Status: 200, Want: want, NotWant: notWant})
	}
	matches("the open offer matches both requests", "/api/sponsorships/"+open.Id, []string{"Pia's school", "Ned's school"}, nil)
	matches("the Pune offer matches the request of the member in Pune", "/api/sponsorships/"+pune.Id, []string{"Pia's school"}, []string{"Ned's school"})
	matches("the full offer matches no one", "/api/sponsorships/"+full.Id, []string{"[]"}, []string{"Pia's school", "Ned's school"})
	matches("pia may apply to the Pune offer", "/api/sponsorship-requests/"+piasRequest.Id, []string{"Open offer", "Pune offer"}, []string{"Full offer"})
	matches("ned may not", "/api/sponsorship-requests/"+nedsRequest.Id, []string{"Open offer"}, []string{"Pune offer", "Full offer"})

	save(ned, map[string]any{"eventLocation": "Pune, India", "audience": 200})
	matches("ned's profile now passes", "/api/sponsorship-requests/"+nedsRequest.Id, []string{"Open offer", "Pune offer"}, []string{"Full offer"})
	matches("and the Pune offer matches ned's request", "/api/sponsorships/"+pune.Id, []string{"Pia's school", "Ned's school"}, nil)
}

// A restricted offer's matches read the candidates' posters once, whatever
// their number: one match and five cost the same queries.
func TestARestrictedOffersMatchesCostNoQueryPerMatch(t *testing.T) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	cat := testutil.CreateMember(t, app, "cat", testutil.MemberOpts{})
	edu := []string{"Education"}
	offer := listing(t, app, offers, ann, testutil.ListingOpts{Title: "Ann funds schools", Amount: 300, Categories: edu}, "")
	offer.Set("criteria", map[string]any{"locations": []string{"Pune"}})
	if err := app.Save(offer); err != nil {
		t.Fatal(err)
	}
	poster := func(i int) {
		p := testutil.CreateMember(t, app, fmt.Sprintf("poster%d", i), testutil.MemberOpts{})
		p.Set("eventLocation", []string{"Pune", "Delhi"}[i%2])
		if err := app.Save(p); err != nil {
			t.Fatal(err)
		}
		listing(t, app, requests, p, testutil.ListingOpts{Title: fmt.Sprintf("School %d", i), Amount: 200, Categories: edu}, inDays(30))
	}
	poster(0)
	poster(1)
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	url, headers := "/api/sponsorships/"+offer.Id+"/matches", testutil.Cookie(t, cat)
	one, body := q.Get(t, h, url, headers)
	if n := strings.Count(body, `"why":`); n != 1 || !strings.Contains(body, `"title":"School 0"`) {
		t.Fatalf("want School 0 alone, got %d: %s", n, body)
	}
	for i := 2; i < 12; i++ {
		poster(i)
	}
	five, body := q.Get(t, h, url, headers)
	if n := strings.Count(body, `"why":`); n != 5 || strings.Contains(body, `"title":"School 1"`) {
		t.Fatalf("want 5 matches in Pune, got %d: %s", n, body)
	}
	t.Logf("one match costs %d queries, five %d", len(one), len(five))
	if len(one) != len(five) {
		t.Errorf("one match costs %d queries, five %d:\n%s", len(one), len(five), strings.Join(five, "\n"))
	}
}
