package deals_test

import (
	"net/http"
	"testing"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/testutil"
)

// A sponsor whose deal is cancelled keeps what the poster told them while
// they were a sponsor, and reads nothing posted later: neither the update
// on their deal's page nor its picture. The sponsors who stayed read both.
func TestACancelledSponsorReadsNoLaterUpdates(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	u := "/api/sponsorship-requests/" + j.request().Id + "/updates"
	samDeal, sidDeal := j.pledge("sam", 600), j.pledge("sid", 300)
	before := j.sendForm("an update to both", "rita", u, []part{{"body", "The stage is booked.", nil}, {"picture", "stage.png", photo(t, 300, 200)}},
		201, testutil.WritesAmidMail(4, 0), `"picture":"`)
	var first deals.Update
	before.Decode(t, &first)
	j.Do(j.t, testutil.Call{Name: "sid cancels", Who: "sid", Method: http.MethodPost, URL: "/api/deals/" + sidDeal + "/cancel", Body: `{"reason":"Budget"}`, Status: 200, Events: testutil.WritesAmidMail(2, 3), Want: []string{`"id":"`}})
	after := j.sendForm("an update after sid left", "rita", u, []part{{"body", "Backstage plans.", nil}, {"picture", "plan.png", photo(t, 300, 200)}},
		201, testutil.WritesAmidMail(3, 0), `"picture":"`)
	var later deals.Update
	after.Decode(t, &later)

	j.read("sid reads what came before they left", "sid", "/api/deals/"+sidDeal, []string{`"body":"The stage is booked."`},
		[]string{"Backstage plans.", later.Picture})
	j.Do(j.t, testutil.Call{Name: "and its picture", Who: "sid", Method: http.MethodGet, URL: "/api/deals/" + sidDeal + "/pictures/" + first.Picture, Status: 200, Events: refused, Want: []string{"\xff\xd8\xff"}})
	j.Do(j.t, testutil.Call{Name: "not the later picture", Who: "sid", Method: http.MethodGet, URL: "/api/deals/" + sidDeal + "/pictures/" + later.Picture, Status: 404, Events: refused, Want: []string{"Picture not found."}})
	j.Do(j.t, testutil.Call{Name: "sam reads both", Who: "sam", Method: http.MethodGet, URL: "/api/deals/" + samDeal, Status: 200, Events: refused, Want: []string{`"body":"The stage is booked."`, `"body":"Backstage plans."`}})
	j.Do(j.t, testutil.Call{Name: "and the later picture", Who: "sam", Method: http.MethodGet, URL: "/api/deals/" + samDeal + "/pictures/" + later.Picture, Status: 200, Events: refused, Want: []string{"\xff\xd8\xff"}})
}
