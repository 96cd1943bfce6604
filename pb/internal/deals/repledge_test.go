package deals_test

import (
	"net/http"
	"testing"

	"sponsorbridge/pb/internal/testutil"
)

// read is a member's GET that must answer 200 with want and without unwanted.
func (j *journey) read(name, who, url string, want, unwanted []string) {
	j.t.Helper()
	j.Do(j.t, testutil.Call{Name: name, Who: who, Method: http.MethodGet, URL: url, Status: 200, Events: refused,
		Want: want, NotWant: unwanted})
}

// A free account pledges a request's whole amount, which takes it out of
// Browse; the poster cancels the deal and the request is open again. The
// same member cannot pledge to it again (they could keep it out for good),
// while a sponsor who withdrew of their own accord may, and others still can.
func TestAMemberThePosterTurnedDownCannotPledgeAgain(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	browse := "/api/sponsorship-requests"
	id := j.pledge("sam", 1000)
	j.read("the sponsored request left Browse", "olive", browse, []string{`[]`}, []string{"Street festival"})
	j.Do(j.t, testutil.Call{Name: "the poster cancels", Who: "rita", Method: http.MethodPost, URL: "/api/deals/" + id + "/cancel", Body: `{"reason":"I do not know this sponsor"}`, Status: 200, Events: testutil.WritesAmidMail(2, 3), Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "the request is back in Browse", Who: "olive", Method: http.MethodGet, URL: browse, Status: 200, Events: refused, Want: []string{`"title":"Street festival"`, `"status":"open"`}})
	j.Do(j.t, testutil.Call{Name: "sam cannot pledge again", Who: "sam", Method: http.MethodPost, URL: "/api/sponsorship-requests/" + j.request().Id + "/sponsor", Body: `{}`, Status: 409, Events: refused, Want: []string{"The poster cancelled your pledge to this request, so you cannot pledge to it again."}})
	j.Do(j.t, testutil.Call{Name: "it stays in Browse", Who: "olive", Method: http.MethodGet, URL: browse, Status: 200, Events: refused, Want: []string{`"title":"Street festival"`, `"status":"open"`}})

	// sid withdraws by himself, and may come back
	sidDeal := j.pledge("sid", 200)
	j.Do(j.t, testutil.Call{Name: "sid withdraws", Who: "sid", Method: http.MethodPost, URL: "/api/deals/" + sidDeal + "/cancel", Body: `{"reason":"Wrong amount"}`, Status: 200, Events: testutil.WritesAmidMail(2, 3), Want: []string{`"id":"`}})
	j.pledgeTo(j.request(), "sid", 300)
}
