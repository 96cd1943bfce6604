package deals_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

// read is a member's GET that must answer 200 with want and without unwanted.
func (j *journey) read(name, who, url string, want, unwanted []string) {
	j.t.Helper()
	j.j.Step(j.t, tests.ApiScenario{Name: name, Method: http.MethodGet, URL: url,
		Headers: testutil.Cookie(j.t, testutil.FindByUsername(j.t, j.app, who)), ExpectedStatus: 200, ExpectedEvents: refused,
		ExpectedContent: want, NotExpectedContent: unwanted})
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
	j.do("the poster cancels", "rita", http.MethodPost, "/api/deals/"+id+"/cancel", `{"reason":"I do not know this sponsor"}`, 200,
		testutil.WritesAmidMail(2, 3))
	j.do("the request is back in Browse", "olive", http.MethodGet, browse, "", 200, refused, `"title":"Street festival"`, `"status":"open"`)
	j.do("sam cannot pledge again", "sam", http.MethodPost, "/api/sponsorship-requests/"+j.request().Id+"/sponsor", `{}`, 409, refused,
		"The poster cancelled your pledge to this request, so you cannot pledge to it again.")
	j.do("it stays in Browse", "olive", http.MethodGet, browse, "", 200, refused, `"title":"Street festival"`, `"status":"open"`)

	// sid withdraws by himself, and may come back
	sidDeal := j.pledge("sid", 200)
	j.do("sid withdraws", "sid", http.MethodPost, "/api/deals/"+sidDeal+"/cancel", `{"reason":"Wrong amount"}`, 200, testutil.WritesAmidMail(2, 3))
	j.pledgeTo(j.request(), "sid", 300)
}
