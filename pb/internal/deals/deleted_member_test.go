package deals_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/testutil"
)

// leave deletes the named member's account as they would (DELETE /api/user):
// their listings and applications go with them.
func (j *journey) leave(who string) {
	j.t.Helper()
	j.Do(j.t, testutil.Call{Name: who + " deletes their account", Who: who, Method: http.MethodDelete, URL: "/api/user", Body: `{"confirm":"DELETE"}`, Status: 204, Events: nil, Want: []string{""}})
	if _, err := j.app.FindFirstRecordByData("users", "username", who); err == nil {
		j.t.Fatalf("%s is still there", who)
	}
}

// applicationDeal has applicant apply to a new offer of poster's and the
// poster accept, and answers the deal the acceptance opened.
func (j *journey) applicationDeal(poster, applicant string) string {
	j.t.Helper()
	offer := testutil.CreateListing(j.t, j.app, "sponsorships", testutil.FindByUsername(j.t, j.app, poster),
		testutil.ListingOpts{Title: "Science fair prize", Amount: 400, Reviewed: true, Approved: true})
	c, err := j.app.FindCollectionByNameOrId("applications")
	if err != nil {
		j.t.Fatal(err)
	}
	a := core.NewRecord(c)
	a.Load(map[string]any{"sponsorship": offer.Id, "applicant": testutil.FindByUsername(j.t, j.app, applicant).Id,
		"poster": offer.GetString("user"), "status": "pending", "message": "Pick us"})
	if err := j.app.Save(a); err != nil {
		j.t.Fatal(err)
	}
	j.Do(j.t, testutil.Call{Name: "the poster accepts", Who: poster, Method: http.MethodPost, URL: "/api/applications/" + a.Id + "/accept", Status: 200, Events: nil, Want: []string{`"status":"accepted"`}})
	deal := &core.Record{}
	if err := j.app.RecordQuery("deals").AndWhere(dbx.HashExp{"application": a.Id}).One(deal); err != nil {
		j.t.Fatal(err)
	}
	return deal.Id
}

// The other side still has the deal (its page, its history, its list),
// with the member who left shown as "Deleted member".
func (j *journey) stillHas(who, id, gone string) {
	j.t.Helper()
	j.Do(j.t, testutil.Call{Name: who + " reads the deal", Who: who, Method: http.MethodGet, URL: "/api/deals/" + id, Status: 200, Events: refused, Want: []string{`"id":"` + id + `"`, `"` + gone + `":{"id":"","username":"","displayName":"Deleted member"`, `"deleted":true`, `"kind":"opened"`}})
	j.Do(j.t, testutil.Call{Name: who + " lists it", Who: who, Method: http.MethodGet, URL: "/api/deals", Status: 200, Events: refused, Want: []string{`"id":"` + id + `"`, `"displayName":"Deleted member"`}})
}

// A request's poster leaves during a dispute: the sponsor keeps the deal,
// the dispute stays in the administrators' queue and is decided, and the
// sponsor's counters follow the decision.
func TestADealOutlivesTheRequestsPoster(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 400)
	j.funded("sam", id, "Booth")
	d := "/api/deals/" + id
	j.Do(j.t, testutil.Call{Name: "sam disputes", Who: "sam", Method: http.MethodPost, URL: d + "/dispute", Body: `{"reason":"No booth on the day"}`, Status: 200, Events: disputed, Want: []string{`"id":"`}})
	if a := j.Do(j.t, testutil.Call{Name: "its listing is there", Who: "sam", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"title":"Street festival"`}}); strings.Contains(a.Body, `"title":"Street festival","deleted"`) {
		t.Fatalf("a deal whose listing exists reads it as deleted: %s", a.Body)
	}
	j.leave("rita")

	j.stillHas("sam", id, "recipient")
	j.Do(j.t, testutil.Call{Name: "with its listing's title", Who: "sam", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"title":"Street festival"`, `"deleted":true`, `"origin":"pledge"`, `"status":"disputed"`}})
	j.Do(j.t, testutil.Call{Name: "the dispute is still queued", Who: "boss", Method: http.MethodGet, URL: "/api/admin/disputes", Status: 200, Events: refused, Want: []string{`"id":"` + id + `"`, `"displayName":"Deleted member"`, `"disputeReason":"No booth on the day"`}})
	// the deal, its history, sam's notification and the log entry: nobody to tell on rita's side
	j.Do(j.t, testutil.Call{Name: "and decided", Who: "boss", Method: http.MethodPost, URL: "/api/admin/deals/" + id + "/resolve", Body: `{"outcome":"cancelled","note":"The poster left."}`, Status: 200, Events: testutil.WritesAmidMail(3, 1), Want: []string{`"status":"cancelled"`}})
	if sam := testutil.FindByUsername(t, j.app, "sam"); sam.GetInt("dealsFunded") != 1 || sam.GetInt("dealsCompleted") != 0 {
		t.Fatalf("sam's counters %d funded, %d completed", sam.GetInt("dealsFunded"), sam.GetInt("dealsCompleted"))
	}
}

// An offer's poster (the sponsor) leaves: the applicant keeps the deal
// and can still end it; nobody is notified on the other side.
func TestADealOutlivesTheOffersPoster(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.applicationDeal("sam", "rita")
	j.leave("sam")
	j.stillHas("rita", id, "sponsor")
	j.Do(j.t, testutil.Call{Name: "with its offer's title", Who: "rita", Method: http.MethodGet, URL: "/api/deals/" + id, Status: 200, Events: refused, Want: []string{`"title":"Science fair prize"`, `"origin":"application"`}})
	// the deal and its history, no notification
	j.Do(j.t, testutil.Call{Name: "the applicant cancels it", Who: "rita", Method: http.MethodPost, URL: "/api/deals/" + id + "/cancel", Body: `{"reason":"The sponsor left"}`, Status: 200, Events: testutil.Writes(1, 1, 0), Want: []string{`"status":"cancelled"`}})
}

// An applicant (the recipient) leaves: the offer's poster keeps the deal.
func TestADealOutlivesTheApplicant(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.applicationDeal("sam", "rita")
	j.leave("rita")
	j.stillHas("sam", id, "recipient")
	j.Do(j.t, testutil.Call{Name: "with its origin", Who: "sam", Method: http.MethodGet, URL: "/api/deals/" + id, Status: 200, Events: refused, Want: []string{`"origin":"application"`, `"status":"negotiating"`}})
}
