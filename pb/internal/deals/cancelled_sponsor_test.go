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
	j.do("sid cancels", "sid", http.MethodPost, "/api/deals/"+sidDeal+"/cancel", `{"reason":"Budget"}`, 200, testutil.WritesAmidMail(2, 3))
	after := j.sendForm("an update after sid left", "rita", u, []part{{"body", "Backstage plans.", nil}, {"picture", "plan.png", photo(t, 300, 200)}},
		201, testutil.WritesAmidMail(3, 0), `"picture":"`)
	var later deals.Update
	after.Decode(t, &later)

	j.read("sid reads what came before they left", "sid", "/api/deals/"+sidDeal, []string{`"body":"The stage is booked."`},
		[]string{"Backstage plans.", later.Picture})
	j.do("and its picture", "sid", http.MethodGet, "/api/deals/"+sidDeal+"/pictures/"+first.Picture, "", 200, refused, "\xff\xd8\xff")
	j.do("not the later picture", "sid", http.MethodGet, "/api/deals/"+sidDeal+"/pictures/"+later.Picture, "", 404, refused,
		"Picture not found.")
	j.do("sam reads both", "sam", http.MethodGet, "/api/deals/"+samDeal, "", 200, refused, `"body":"The stage is booked."`,
		`"body":"Backstage plans."`)
	j.do("and the later picture", "sam", http.MethodGet, "/api/deals/"+samDeal+"/pictures/"+later.Picture, "", 200, refused, "\xff\xd8\xff")
}
