package deals_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
)

// renewal is what a renewal writes: the new deal, its first history entry,
// the completed deal's entry and the recipient's notification.
var renewal = testutil.WritesAmidMail(4, 0)

// dated gives the completed deal's one deliverable a due date and its
// request an event date (India's calendar).
func (j *journey) dated(id, due, event string) {
	j.t.Helper()
	d := j.deal(id)
	if _, err := j.app.DB().NewQuery("UPDATE deals SET deliverables = json_set(deliverables, '$[0].due', {:due}) WHERE id = {:id}").
		Bind(dbx.Params{"due": due, "id": id}).Execute(); err != nil {
		j.t.Fatal(err)
	}
	at, _ := time.ParseInLocation(time.DateOnly, event, when.India)
	if _, err := j.app.DB().NewQuery("UPDATE sponsorship_requests SET eventDate = {:at} WHERE id = {:id}").
		Bind(dbx.Params{"at": when.Stored(at.Add(10 * time.Hour)), "id": d.GetString("listingId")}).Execute(); err != nil {
		j.t.Fatal(err)
	}
}

func TestRenewingACompletedDeal(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.completeOn("Hackathon", "sam", 500)
	j.dated(id, "2026-03-10", "2026-03-15")
	url := "/api/deals/" + id + "/renew"
	next := time.Now().In(when.India).AddDate(1, 0, 0).Format(time.DateOnly)
	nextDue, _ := time.Parse(time.DateOnly, next)
	nextDue = nextDue.AddDate(0, 0, -5)
	yesterday := time.Now().In(when.India).AddDate(0, 0, -1).Format(time.DateOnly)

	for _, c := range []testutil.Call{
		{Name: "a visitor renews nothing", Method: "POST", URL: url, Body: `{}`, Status: 401},
		{Name: "another member: not found", Who: "olive", Method: "POST", URL: url, Body: `{}`, Status: 404, Want: []string{"Deal not found."}},
		{Name: "the recipient does not renew", Who: "rita", Method: "POST", URL: url, Body: `{}`, Status: 403, Want: []string{"Only the sponsor can do this."}},
		{Name: "an amount out of bounds", Who: "sam", Method: "POST", URL: url, Body: `{"amount":10000001}`, Status: 400,
			Want: []string{`"amount":{"code":"validation_invalid_amount","message":"Amount must be a whole number from 1 to 10,000,000"}`}},
		{Name: "an event in the past", Who: "sam", Method: "POST", URL: url, Body: fmt.Sprintf(`{"eventDate":%q}`, yesterday), Status: 400,
			Want: []string{`"eventDate":{"code":"validation_invalid_date","message":"The event date must be a date (YYYY-MM-DD), not in the past"}`}},
		{Name: "an administrator: not found", Who: "boss", Method: "POST", URL: url, Body: `{}`, Status: 404, Want: []string{"Deal not found."}},
	} {
		j.Do(t, c)
	}

	a := j.Do(t, testutil.Call{Name: "the sponsor renews", Who: "sam", Method: "POST", URL: url,
		Body: fmt.Sprintf(`{"amount":700,"eventDate":%q}`, next), Status: 201, Events: renewal,
		Want: []string{`"origin":"renewal"`, `"renewalOf":"` + id + `"`, `"category":"Community"`, `"amount":700`, `"status":"negotiating"`}})
	var d deals.Deal
	a.Decode(t, &d)
	old := j.deal(id)
	var was []deals.Deliverable
	if err := old.UnmarshalJSONField("deliverables", &was); err != nil || len(d.Proposal) != 1 {
		t.Fatalf("the proposal: %+v (%v)", d.Proposal, err)
	}
	if p := d.Proposal[0]; p.Title != "Booth" || p.ID == was[0].ID || p.DoneAt != "" || p.ProofText != "" ||
		p.Due != nextDue.Format(time.DateOnly) || d.ProposedBy != d.Sponsor.ID || d.Listing.ID != old.GetString("listingId") {
		t.Errorf("the renewal's proposal: %+v by %s on %+v; the old deliverable %+v", p, d.ProposedBy, d.Listing, was[0])
	}
	if len(d.Events) != 1 || d.Events[0].Kind != "renewed" {
		t.Errorf("the new deal's history: %+v", d.Events)
	}
	// the pledge's deal kept its listing's first category when it opened
	j.read("the completed deal says it", "sam", "/api/deals/"+id, []string{`"kind":"renewed","text":"Member sam renewed this deal: a new deal is open."`,
		`"origin":"pledge","renewalOf":"","category":"Community"`}, nil)
	j.read("the recipient is told", "rita", "/api/notifications", []string{"Member sam wants to sponsor your next event again", `"/deals/` + d.ID + `"`}, nil)

	j.Do(t, testutil.Call{Name: "one renewal a deal", Who: "sam", Method: "POST", URL: url, Body: `{}`, Status: 409,
		Want: []string{"You have already renewed this deal."}})
	j.Do(t, testutil.Call{Name: "only a completed deal", Who: "sam", Method: "POST", URL: "/api/deals/" + d.ID + "/renew", Body: `{}`, Status: 409,
		Want: []string{"This deal is negotiating: only a completed deal is renewed."}})

	// without an event date the due dates are cleared; the amount stays, and
	// the category too when the listing is gone
	other := j.completeOn("Meetup", "sam", 300)
	j.dated(other, "2026-03-10", "2026-03-15")
	if _, err := j.app.DB().NewQuery("DELETE FROM sponsorship_requests WHERE id = {:id}").
		Bind(dbx.Params{"id": j.deal(other).GetString("listingId")}).Execute(); err != nil {
		t.Fatal(err)
	}
	j.Do(t, testutil.Call{Name: "renewed as it was", Who: "sam", Method: "POST", URL: "/api/deals/" + other + "/renew", Body: `{}`,
		Status: 201, Events: renewal, Want: []string{`"amount":300`, `"due":""`, `"category":"Community"`, `"deleted":true`}})

	// the recipient left: nobody to renew with
	gone := j.completeOn("Fair", "sam", 200)
	if _, err := j.app.DB().NewQuery("UPDATE deals SET recipient = '' WHERE id = {:id}").Bind(dbx.Params{"id": gone}).Execute(); err != nil {
		t.Fatal(err)
	}
	j.Do(t, testutil.Call{Name: "the recipient deleted their account", Who: "sam", Method: "POST", URL: "/api/deals/" + gone + "/renew", Body: `{}`,
		Status: 409, Want: []string{"The other side of this deal deleted their account: there is no one to renew with."}})
}

// Renewals at once: the unique index lets one through.
func TestRenewalsAtOnceOpenOneDeal(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.completeOn("Hackathon", "sam", 500)
	srv := httptest.NewServer(j.Handler())
	defer srv.Close()
	statuses := make([]int, 4)
	bodies := make([]string, 4)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			res, body := testutil.Send(t, srv, "POST", "/api/deals/"+id+"/renew", `{}`, testutil.Cookie(t, j.who("sam")))
			statuses[i], bodies[i] = res.StatusCode, body
		})
	}
	wg.Wait()
	n, _ := j.app.CountRecords("deals", dbx.HashExp{"renewalOf": id})
	created, refused := 0, 0
	for i, s := range statuses {
		switch {
		case s == 201:
			created++
		case s == 409 && strings.Contains(bodies[i], "You have already renewed this deal."):
			refused++
		}
	}
	if n != 1 || created != 1 || refused != 3 {
		t.Fatalf("4 renewals at once: %v, %d deals: %v", statuses, n, bodies)
	}
}

func TestInvitingTheSponsorToTheNextRequest(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.completeOn("Hackathon", "sam", 500)
	rita := j.who("rita")
	next := testutil.CreateListing(t, j.app, listings.Requests.Table, rita, testutil.ListingOpts{Title: "Hackathon 2027", Amount: 800})
	closed := testutil.CreateListing(t, j.app, listings.Requests.Table, rita, testutil.ListingOpts{Title: "Old one", Status: "closed"})
	rejected := testutil.CreateListing(t, j.app, listings.Requests.Table, rita, testutil.ListingOpts{Title: "Rejected", Reviewed: true})
	olives := testutil.CreateListing(t, j.app, listings.Requests.Table, j.who("olive"), testutil.ListingOpts{Title: "Olive's"})
	url := "/api/deals/" + id + "/invite"
	body := func(r *core.Record) string { return fmt.Sprintf(`{"requestId":%q}`, r.Id) }
	notYours := []string{`"requestId":{"code":"validation_invalid","message":"Choose one of your open requests"}`}

	for _, c := range []testutil.Call{
		{Name: "a visitor invites nobody", Method: "POST", URL: url, Body: body(next), Status: 401},
		{Name: "another member: not found", Who: "olive", Method: "POST", URL: url, Body: body(olives), Status: 404, Want: []string{"Deal not found."}},
		{Name: "the sponsor does not invite", Who: "sam", Method: "POST", URL: url, Body: body(next), Status: 403, Want: []string{"Only the recipient can do this."}},
		{Name: "someone else's request", Who: "rita", Method: "POST", URL: url, Body: body(olives), Status: 400, Want: notYours},
		{Name: "a closed request", Who: "rita", Method: "POST", URL: url, Body: body(closed), Status: 400, Want: notYours},
		{Name: "a rejected request", Who: "rita", Method: "POST", URL: url, Body: body(rejected), Status: 400, Want: notYours},
		{Name: "no request", Who: "rita", Method: "POST", URL: url, Body: `{}`, Status: 400, Want: notYours},
		// the history entry, the sponsor's notification, the conversation (new) and its note
		{Name: "the recipient invites", Who: "rita", Method: "POST", URL: url, Body: body(next), Status: 200,
			Events: testutil.WritesAmidMail(3, 1), Want: []string{`{"invited":true}`}},
		{Name: "once per request", Who: "rita", Method: "POST", URL: url, Body: body(next), Status: 409,
			Want: []string{"You have already invited this sponsor to that request."}},
	} {
		j.Do(t, c)
	}
	j.read("the sponsor is told", "sam", "/api/notifications",
		[]string{"Member rita invited you to sponsor “Hackathon 2027”", `"/listings/requests/` + next.Id + `"`}, nil)
	j.read("the deal's history says it", "sam", "/api/deals/"+id, []string{`"kind":"invited"`, "Member rita invited Member sam to sponsor “Hackathon 2027”"}, nil)
	var note []string
	if err := j.app.DB().Select("body").From("messages").Where(dbx.HashExp{"kind": "system", "sender": rita.Id}).
		AndWhere(dbx.Like("body", "invited you")).Column(&note); err != nil || len(note) != 1 || note[0] != "Member rita invited you to sponsor “Hackathon 2027”." {
		t.Fatalf("the conversation's note: %q %v", note, err)
	}

	// invitations at once to another request: one goes
	another := testutil.CreateListing(t, j.app, listings.Requests.Table, rita, testutil.ListingOpts{Title: "Robotics day", Amount: 800})
	srv := httptest.NewServer(j.Handler())
	defer srv.Close()
	statuses := make([]int, 3)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			res, _ := testutil.Send(t, srv, "POST", url, body(another), testutil.Cookie(t, rita))
			statuses[i] = res.StatusCode
		})
	}
	wg.Wait()
	if n, _ := j.app.CountRecords("deal_events", dbx.HashExp{"deal": id, "kind": "invited"}); n != 2 ||
		strings.Count(fmt.Sprint(statuses), "200") != 1 || strings.Count(fmt.Sprint(statuses), "409") != 2 {
		t.Fatalf("3 invitations at once: %v, %d entries", statuses, n)
	}
}
