package listings_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/testutil"
)

func ptr[T any](v T) *T { return &v }

func dollars(n string) *json.RawMessage { return ptr(json.RawMessage(n)) }

func validOffer() listings.ListingInput {
	return listings.ListingInput{Title: ptr("Robotics kits"), Description: ptr("Kits for a club"),
		Amount: dollars("250"), Categories: &[]string{"Education"}}
}

func TestPostAction(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seedPosters(t, app)
	now := time.Now()
	subbed := testutil.FindByUsername(t, app, "subbed").Id

	_, err := listings.Post(app, listings.Sponsorships, subbed, listings.ListingInput{Title: ptr(" ")}, now)
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.", "title")

	_, err = listings.Post(app, listings.Sponsorships, "nobody12345678x", validOffer(), now)
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.", "")

	_, err = listings.Post(app, listings.Sponsorships, testutil.FindByUsername(t, app, "lapsed").Id, validOffer(), now)
	testutil.WantRefusal(t, err, refusal.PaymentRequired, "An active subscription is required to post. Choose a plan to continue.", "")

	r, err := listings.Post(app, listings.Sponsorships, subbed, validOffer(), now)
	if err != nil {
		t.Fatal(err)
	}
	if r.GetString("user") != subbed || r.GetString("status") != listings.StatusOpen || r.GetBool("approved") || r.GetInt("amount") != 250 {
		t.Fatalf("posted %v", r.PublicExport())
	}
	_, err = listings.Post(app, listings.Sponsorships, subbed, validOffer(), now)
	if r, ok := refusal.As(err); !ok || r.Kind != refusal.TooMany {
		t.Fatalf("a second post within 24 hours: want TooMany, got %v", err)
	}
	if n := countListings(t, app, "sponsorships"); n != 1 {
		t.Fatalf("%d listings stored, want 1", n)
	}
}

func TestEditAction(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	pia := testutil.CreateMember(t, app, "pia", testutil.MemberOpts{})
	sam := testutil.CreateMember(t, app, "sam", testutil.MemberOpts{})
	now := time.Now()
	req := testutil.CreateListing(t, app, "sponsorship_requests", pia, testutil.ListingOpts{Title: "Fair", Amount: 1000, Reviewed: true, Approved: true})
	hidden := testutil.CreateListing(t, app, "sponsorships", pia, testutil.ListingOpts{Title: "Rejected", Reviewed: true})
	asPia, asSam := listings.ViewerOf(pia), listings.ViewerOf(sam)
	edit := func(kind listings.Kind, v listings.Viewer, id string, in *listings.ListingInput) (*core.Record, error) {
		return listings.Edit(app, kind, v, id, in, now)
	}

	_, err := edit(listings.Requests, asPia, "missing12345678", &listings.ListingInput{})
	testutil.WantRefusal(t, err, refusal.NotFound, "Listing not found.", "")
	_, err = edit(listings.Sponsorships, asSam, hidden.Id, &listings.ListingInput{})
	testutil.WantRefusal(t, err, refusal.NotFound, "Listing not found.", "")
	_, err = edit(listings.Requests, asSam, req.Id, &listings.ListingInput{Title: ptr("Mine")})
	testutil.WantRefusal(t, err, refusal.Forbidden, "Only the poster can change this listing.", "")
	_, err = edit(listings.Requests, asPia, req.Id, nil)
	testutil.WantRefusal(t, err, refusal.Invalid, "The request body is not valid JSON.", "")
	_, err = edit(listings.Requests, asPia, req.Id, &listings.ListingInput{Status: ptr("sponsored")})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.", "status")

	// pledges: the amount goes no lower, and the status follows them
	req.Set("pledgedAmount", 600)
	req.Set("sponsorCount", 1)
	if err := app.Save(req); err != nil {
		t.Fatal(err)
	}
	_, err = edit(listings.Requests, asPia, req.Id, &listings.ListingInput{RequestedAmount: dollars("500")})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.", "requestedAmount")
	r, err := edit(listings.Requests, asPia, req.Id, &listings.ListingInput{RequestedAmount: dollars("600")})
	if err != nil || r.GetString("status") != listings.StatusSponsored || r.GetBool("approved") {
		t.Fatalf("lowered to the pledges: %v %v", err, r)
	}
	_, err = edit(listings.Requests, asPia, req.Id, &listings.ListingInput{Status: ptr("closed")})
	testutil.WantRefusal(t, err, refusal.Invalid, "A sponsored request cannot be reopened or closed.", "")
	r, err = edit(listings.Requests, asPia, req.Id, &listings.ListingInput{RequestedAmount: dollars("900")})
	if err != nil || r.GetString("status") != listings.StatusOpen {
		t.Fatalf("raised above the pledges: %v %v", err, r)
	}
	r, err = edit(listings.Requests, asPia, req.Id, &listings.ListingInput{Status: ptr("closed")})
	if err != nil || r.GetString("status") != listings.StatusClosed {
		t.Fatalf("closed by its poster: %v %v", err, r)
	}

	past := testutil.CreateListing(t, app, "sponsorship_requests", pia, testutil.ListingOpts{Title: "Past"})
	past.Set("eventDate", dayFromNow(-3))
	if err := app.Save(past); err != nil {
		t.Fatal(err)
	}
	_, err = edit(listings.Requests, asPia, past.Id, &listings.ListingInput{Status: ptr("open")})
	testutil.WantRefusal(t, err, refusal.Invalid, "Move the event date forward to reopen this request.", "")
}

func TestFollowPledges(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	c, err := app.FindCachedCollectionByNameOrId("sponsorship_requests")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for _, tc := range []struct {
		status         string
		pledged, asked int
		event          string
		want           string
	}{
		{"open", 100, 100, "", "sponsored"},
		{"open", 99, 100, "", "open"},
		{"sponsored", 99, 100, "", "open"},
		{"sponsored", 99, 100, dayFromNow(-3), "sponsored"},
		{"sponsored", 100, 100, "", "sponsored"},
		{"closed", 100, 100, "", "closed"},
	} {
		r := core.NewRecord(c)
		r.Load(map[string]any{"status": tc.status, "pledgedAmount": tc.pledged, "requestedAmount": tc.asked, "eventDate": tc.event})
		listings.FollowPledges(r, now)
		if got := r.GetString("status"); got != tc.want {
			t.Errorf("%+v: got %s", tc, got)
		}
	}
}
