package sponsoring_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// The note an application or a sponsorship writes into the conversation
// reads right for each side: the poster reads "Priya applied for your
// sponsorship", Priya reads "You applied for the sponsorship". The same
// goes for the conversation list's last line.
func TestEachSideReadsItsOwnNote(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	dan, priya := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan")), testutil.Cookie(t, testutil.FindByUsername(t, app, "priya"))

	for _, c := range []struct {
		name, path, poster, sender string
		events                     map[string]int
	}{
		{"priya applies", "/api/sponsorships/" + listing(t, app, "sponsorships", "Robotics kits").Id + "/apply",
			"Member priya applied for your sponsorship “Robotics kits”.", "You applied for the sponsorship “Robotics kits”.",
			appliedSilently},
		{"priya sponsors", "/api/sponsorship-requests/" + listing(t, app, "sponsorship_requests", "Health camp").Id + "/sponsor",
			"Member priya pledged $3,200 to your request “Health camp” ($3,200 of $3,200 pledged).",
			"You pledged $3,200 to the request “Health camp” ($3,200 of $3,200 pledged).",
			writesAmidMail(5, 2)}, // as sponsored, without a message
	} {
		var answer struct {
			ConversationID string `json:"conversationId"`
		}
		j.Step(t, tests.ApiScenario{Name: c.name, Method: http.MethodPost, URL: c.path, Headers: priya,
			ExpectedStatus: 201, ExpectedEvents: c.events, ExpectedContent: []string{`"conversationId":"`}}).Decode(t, &answer)
		for who, want := range map[string]struct {
			headers map[string]string
			text    string
			notWant string
		}{
			"the poster": {dan, c.poster, c.sender},
			"the sender": {priya, c.sender, c.poster},
		} {
			j.Step(t, tests.ApiScenario{Name: who + " reads the note", Method: http.MethodGet,
				URL: "/api/conversations/" + answer.ConversationID + "/messages", Headers: want.headers,
				ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
				ExpectedContent: []string{want.text}, NotExpectedContent: []string{want.notWant}})
			j.Step(t, tests.ApiScenario{Name: who + "'s conversation list", Method: http.MethodGet, URL: "/api/conversations",
				Headers: want.headers, ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{want.text}})
		}
	}
}
