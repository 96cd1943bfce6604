package sponsoring_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/testutil"
)

// The note an application or a sponsorship writes into the conversation
// reads right for each side: the poster reads "Priya applied for your
// sponsorship", Priya reads "You applied for the sponsorship". The same goes for the conversation list's last line.
func TestEachSideReadsItsOwnNote(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	dan, priya := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan")), testutil.Cookie(t, testutil.FindByUsername(t, app, "priya"))

	for _, c := range []struct {
		path, poster, sender string
	}{
		{"/api/sponsorships/" + listing(t, app, "sponsorships", "Robotics kits").Id + "/apply",
			"Member priya applied for your sponsorship “Robotics kits”.", "You applied for the sponsorship “Robotics kits”."},
		{"/api/sponsorship-requests/" + listing(t, app, "sponsorship_requests", "Health camp").Id + "/sponsor",
			"Member priya sponsored your request “Health camp” ($3200).", "You sponsored the request “Health camp” ($3200)."},
	} {
		code, body := testutil.DoRead(t, srv, http.MethodPost, c.path, "", priya)
		if code != 201 {
			t.Fatalf("%s: %d %s", c.path, code, body)
		}
		var answer struct {
			ConversationID string `json:"conversationId"`
		}
		_ = json.Unmarshal([]byte(body), &answer)
		for who, want := range map[string]struct {
			headers map[string]string
			text    string
			notWant string
		}{
			"poster": {dan, c.poster, c.sender},
			"sender": {priya, c.sender, c.poster},
		} {
			_, msgs := testutil.DoRead(t, srv, http.MethodGet, "/api/conversations/"+answer.ConversationID+"/messages", "", want.headers)
			if !strings.Contains(msgs, want.text) || strings.Contains(msgs, want.notWant) {
				t.Errorf("%s reads %s", who, msgs)
			}
			_, convs := testutil.DoRead(t, srv, http.MethodGet, "/api/conversations", "", want.headers)
			if !strings.Contains(convs, want.text) {
				t.Errorf("%s's conversation list: %s", who, convs)
			}
		}
	}
}
