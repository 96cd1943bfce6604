package listings_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/testutil"
)

// A page of offers tells the signed-in member which they applied to (and
// nothing of the kind on their own offers): the cards need no request each.
func TestAListPageCarriesTheViewersApplications(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{})
	applied := testutil.CreateListing(t, app, "sponsorships", bob, testutil.ListingOpts{Title: "Applied one"})
	testutil.CreateListing(t, app, "sponsorships", bob, testutil.ListingOpts{Title: "Not yet"})
	testutil.CreateListing(t, app, "sponsorships", ann, testutil.ListingOpts{Title: "Ann's own"})
	c, _ := app.FindCollectionByNameOrId("applications")
	a := core.NewRecord(c)
	a.Set("sponsorship", applied.Id)
	a.Set("applicant", ann.Id)
	a.Set("poster", bob.Id)
	a.Set("status", "pending")
	if err := app.Save(a); err != nil {
		t.Fatal(err)
	}
	srv := testutil.Serve(t, app)

	_, body := testutil.DoRead(t, srv, http.MethodGet, "/api/sponsorships", "", testutil.Cookie(t, ann))
	for title, want := range map[string]string{"Applied one": `"applied":true`, "Not yet": `"applied":false`} {
		i := strings.Index(body, `"title":"`+title+`"`)
		end := strings.Index(body[i:], `"poster"`)
		rest := body[i+end:]
		if next := strings.Index(rest, `"title"`); next > 0 {
			rest = rest[:next]
		}
		if !strings.Contains(rest, want) {
			t.Errorf("%s: want %s in %s", title, want, rest)
		}
	}
	own := body[strings.Index(body, `"title":"Ann's own"`):]
	if next := strings.Index(own[1:], `"title"`); next > 0 {
		own = own[:next]
	}
	if strings.Contains(own, `"applied"`) {
		t.Errorf("own offer carries applied: %s", own)
	}
	_, detail := testutil.DoRead(t, srv, http.MethodGet, "/api/sponsorships/"+applied.Id, "", testutil.Cookie(t, ann))
	if !strings.Contains(detail, `"applied":true`) {
		t.Errorf("detail: %s", detail)
	}
	_, other := testutil.DoRead(t, srv, http.MethodGet, "/api/sponsorships", "", testutil.Cookie(t, bob))
	if strings.Contains(other, `"applied":true`) {
		t.Errorf("bob sees ann's application: %s", other)
	}
	_, reqs := testutil.DoRead(t, srv, http.MethodGet, "/api/sponsorship-requests", "", testutil.Cookie(t, ann))
	if strings.Contains(reqs, `"applied"`) {
		t.Errorf("requests carry applied: %s", reqs)
	}
}
