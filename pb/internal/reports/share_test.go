package reports_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// From a draft to a published report, shared with a link that works signed
// out and names nobody by id or e-mail, replaced and revoked.
func TestPublishAndShareAReport(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	rita, sam := testutil.FindByUsername(t, app, "rita"), testutil.FindByUsername(t, app, "sam")

	const body = `{"summary":"Four hundred came","figures":[{"kind":"attendance","label":"Tickets sold","value":400,"evidence":"` + festivalEvidence + `"}],
		"spending":[{"label":"Stage","amount":12000,"receipt":"` + festivalEvidence + `"}]}`
	recipientParts := []string{"Four hundred came", "Tickets sold", "Stage"}
	j.Do(t, testutil.Call{Name: "the recipient writes", Who: "rita", Method: http.MethodPut, URL: report, Body: body, Status: 200, Events: saved,
		Want: append([]string{`"status":"draft"`}, recipientParts...)})
	j.Do(t, testutil.Call{Name: "the sponsor reads the draft's measured parts only", Who: "sam", Method: http.MethodGet, URL: report, Status: 200,
		Want:    []string{`"status":"draft"`, `"figures":[]`, `"spending":[]`, `"summary":""`, `"onTimeShare":50`, `"linkTotals":{"visits":15,"uniqueVisitors":10}`, `"photos":[{"id":"` + festivalPhoto},
		NotWant: recipientParts})
	j.Do(t, testutil.Call{Name: "a stranger reads no private report", Who: "olive", Method: http.MethodGet, URL: report, Status: 404, Want: []string{"Deal not found."}})

	// the report, the history entry and the sponsor's notification
	j.Do(t, testutil.Call{Name: "the recipient publishes", Who: "rita", Method: http.MethodPost, URL: report + "/publish", Status: 200,
		Events: testutil.WritesAmidMail(2, 1), Want: []string{`"status":"published"`, `"publishedAt":"20`}})
	note, err := app.FindFirstRecordByFilter("notifications", "user = {:u}", dbx.Params{"u": sam.Id})
	if err != nil {
		t.Fatal("the sponsor was not told:", err)
	}
	if got := note.GetString("title"); got != "Member rita published the impact report of “Street festival”" || note.GetString("type") != "deal" ||
		note.GetString("link") != "/deals/"+festival+"/report" {
		t.Errorf("the sponsor's notification: %q %q %q", got, note.GetString("type"), note.GetString("link"))
	}
	event, err := app.FindFirstRecordByFilter("deal_events", "deal = {:d} && kind = 'report_published'", dbx.Params{"d": festival})
	if err != nil || event.GetString("actor") != rita.Id {
		t.Errorf("the deal's history has no report_published entry by the recipient: %v", err)
	}
	j.Do(t, testutil.Call{Name: "publishing again tells nobody again", Who: "rita", Method: http.MethodPost, URL: report + "/publish", Status: 200,
		Events: testutil.NoWrites(), Want: []string{`"status":"published"`}})
	j.Do(t, testutil.Call{Name: "the sponsor reads all of it", Who: "sam", Method: http.MethodGet, URL: report, Status: 200,
		Want: append([]string{`"status":"published"`, `"shared":null`}, recipientParts...)})
	j.Do(t, testutil.Call{Name: "a published report is edited", Who: "rita", Method: http.MethodPut, URL: report, Status: 200, Events: testutil.Writes(0, 1, 0),
		Body: strings.Replace(body, "Four hundred came", "Four hundred and ten came", 1), Want: []string{`"status":"published"`, "Four hundred and ten came"}})

	var first struct{ URL string }
	j.Do(t, testutil.Call{Name: "the sponsor shares it", Who: "sam", Method: http.MethodPost, URL: report + "/share", Status: 200, Events: testutil.Writes(0, 1, 0),
		Want: []string{`"url":"http://example.com/r/`}}).Decode(t, &first)
	token := strings.TrimPrefix(first.URL, "http://example.com/r/")
	if len(token) != 43 {
		t.Fatalf("a token of %d characters: %q", len(token), token)
	}
	row, err := app.FindFirstRecordByData("impact_reports", "deal", festival)
	if err != nil || row.GetString("shareHash") == "" || strings.Contains(row.GetString("shareHash"), token) {
		t.Errorf("the link is stored as %q, not as its hash", row.GetString("shareHash"))
	}
	j.Do(t, testutil.Call{Name: "the sponsor sees it is shared", Who: "sam", Method: http.MethodGet, URL: report, Status: 200, Want: []string{`"shared":{"sharedAt":"20`}})
	j.Do(t, testutil.Call{Name: "the recipient does not", Who: "rita", Method: http.MethodGet, URL: report, Status: 200, Want: []string{`"shared":null`}})

	shared := "/api/shared-reports/" + token
	sam.Set("avatar", pngFile(t))
	if err := app.Save(sam); err != nil {
		t.Fatal(err)
	}
	j.Do(t, testutil.Call{Name: "anyone holding the link reads it signed out", Method: http.MethodGet, URL: shared, Status: 200,
		Want: append([]string{`"dealId":""`, `"status":"published"`, `"avatar":"` + shared + `/avatars/sponsor"`, `"displayName":"Member rita","avatar":""`, `"displayName":"Member rita"`, `"displayName":"Member sam"`, `"shared":null`,
			`"url":"` + shared + `/pictures/` + festivalPhoto + `"`, `"url":"` + shared + `/evidence/` + festivalEvidence + `"`, `"onTimeShare":50`,
			"Four hundred and ten came"}, recipientParts[1:]...),
		NotWant:     []string{rita.Id, sam.Id, festival, "@example.com", `"username":"rita"`, `"username":"sam"`, "/api/deals/", "/api/files/"},
		WantHeaders: map[string]string{"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}})
	j.Do(t, testutil.Call{Name: "and its proof picture", Method: http.MethodGet, URL: shared + "/pictures/" + festivalPhoto, Status: 200,
		Want: []string{"\x89PNG"}, WantHeaders: map[string]string{"Cache-Control": "private, no-cache"}})
	j.Do(t, testutil.Call{Name: "not another deal's picture", Method: http.MethodGet, URL: shared + "/pictures/" + elsewhereFoto, Status: 404, Want: []string{"Picture not found."}})
	j.Do(t, testutil.Call{Name: "the sponsor's avatar, at the link's address", Method: http.MethodGet, URL: shared + "/avatars/sponsor", Status: 200, Want: []string{"\x89PNG"}})
	j.Do(t, testutil.Call{Name: "a member without an avatar has none", Method: http.MethodGet, URL: shared + "/avatars/recipient", Status: 404, Want: []string{"Picture not found."}})
	j.Do(t, testutil.Call{Name: "nor anyone else", Method: http.MethodGet, URL: shared + "/avatars/boss", Status: 404, Want: []string{"Picture not found."}})
	j.Do(t, testutil.Call{Name: "and its evidence", Method: http.MethodGet, URL: shared + "/evidence/" + festivalEvidence, Status: 200,
		Want: []string{"\x89PNG"}, WantHeaders: map[string]string{"X-Content-Type-Options": "nosniff"}})
	j.Do(t, testutil.Call{Name: "a file the report does not name", Method: http.MethodGet, URL: shared + "/evidence/" + otherEvidence, Status: 404, Want: []string{"File not found."}})

	var second struct{ URL string }
	j.Do(t, testutil.Call{Name: "sharing again replaces the link", Who: "sam", Method: http.MethodPost, URL: report + "/share", Status: 200, Events: testutil.Writes(0, 1, 0),
		Want: []string{`"url":"http://example.com/r/`}}).Decode(t, &second)
	replaced := "/api/shared-reports/" + strings.TrimPrefix(second.URL, "http://example.com/r/")
	j.Do(t, testutil.Call{Name: "a replaced link answers 404", Method: http.MethodGet, URL: shared, Status: 404, Want: []string{"Report not found."}})
	j.Do(t, testutil.Call{Name: "with its pictures", Method: http.MethodGet, URL: shared + "/pictures/" + festivalPhoto, Status: 404, Want: []string{"Report not found."}})
	j.Do(t, testutil.Call{Name: "with its evidence", Method: http.MethodGet, URL: shared + "/evidence/" + festivalEvidence, Status: 404, Want: []string{"Report not found."}})
	j.Do(t, testutil.Call{Name: "the new one works", Method: http.MethodGet, URL: replaced, Status: 200, Want: []string{`"status":"published"`}})

	j.Do(t, testutil.Call{Name: "the sponsor revokes it", Who: "sam", Method: http.MethodDelete, URL: report + "/share", Status: 204, Events: testutil.Writes(0, 1, 0)})
	j.Do(t, testutil.Call{Name: "a revoked link answers 404 at once", Method: http.MethodGet, URL: replaced, Status: 404, Want: []string{"Report not found."}})
	j.Do(t, testutil.Call{Name: "with its pictures too", Method: http.MethodGet, URL: replaced + "/pictures/" + festivalPhoto, Status: 404, Want: []string{"Report not found."}})
	j.Do(t, testutil.Call{Name: "the sponsor sees it is not shared", Who: "sam", Method: http.MethodGet, URL: report, Status: 200, Want: []string{`"shared":null`}})
	j.Do(t, testutil.Call{Name: "revoking again does nothing", Who: "sam", Method: http.MethodDelete, URL: report + "/share", Status: 204, Events: testutil.NoWrites()})

	var third struct{ URL string }
	j.Do(t, testutil.Call{Name: "shared once more", Who: "sam", Method: http.MethodPost, URL: report + "/share", Status: 200, Events: testutil.Writes(0, 1, 0),
		Want: []string{`"url":"`}}).Decode(t, &third)
	last := "/api/shared-reports/" + strings.TrimPrefix(third.URL, "http://example.com/r/")
	j.Do(t, testutil.Call{Name: "the recipient leaving keeps it", Method: http.MethodGet, URL: last, Status: 200, Want: []string{`"status":"published"`},
		Prepare: func(t testing.TB, app core.App, _ *testutil.Call) {
			if err := app.Delete(testutil.FindByUsername(t, app, "rita")); err != nil {
				t.Fatal(err)
			}
		}})
	j.Do(t, testutil.Call{Name: "the sponsor leaving ends it: nobody is left to revoke it", Method: http.MethodGet, URL: last, Status: 404, Want: []string{"Report not found."},
		Prepare: func(t testing.TB, app core.App, _ *testutil.Call) {
			if err := app.Delete(testutil.FindByUsername(t, app, "sam")); err != nil {
				t.Fatal(err)
			}
		}})
}
