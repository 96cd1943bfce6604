package settings_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// A member's events (docs/api/eligibility.md, "A member's events"): set,
// answered by GET /api/user and the public profile, cleared, refused.
func TestProfileEvents(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	withEvents := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seed(t, app)
		p := priya(t, app)
		p.Load(map[string]any{"eventLocation": "Online", "eventCategories": []string{"Education", "Arts"},
			"nextEventDate": "2027-04-12 00:00:00.000Z", "audience": 300})
		if err := app.Save(p); err != nil {
			t.Fatal(err)
		}
	})
	testutil.Call{
		Who:    "priya",
		Name:   "a member describes their events",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"eventLocation":" online ","eventCategories":["education","Arts","Education"],"nextEventDate":"2027-04-12","audience":300}`,
		Status: 200,
		Events: testutil.Writes(0, 1, 0),
		Want: []string{`"eventLocation":"Online"`, `"eventCategories":["Education","Arts"]`, `"nextEventDate":"2027-04-12"`,
			`"audience":300`},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := priya(t, app)
			if p.GetString("nextEventDate") != "2027-04-12 00:00:00.000Z" || p.GetInt("audience") != 300 {
				t.Errorf("stored %v", p.PublicExport())
			}
		},
	}.Test(t, f)
	testutil.Call{
		Who:    "dan",
		Name:   "the public profile answers them",
		Method: http.MethodGet,
		URLOf:  func(t testing.TB, app core.App) string { return "/api/users/" + priya(t, app).Id },
		Status: 200,
		Want:   []string{`"eventLocation":"Online"`, `"eventCategories":["Education","Arts"]`, `"nextEventDate":"2027-04-12"`, `"audience":300`},
	}.Test(t, withEvents)
	testutil.Call{
		Who:    "priya",
		Name:   "GET /api/user answers them",
		Method: http.MethodGet,
		URL:    "/api/user",
		Status: 200,
		Want:   []string{`"eventLocation":"Online"`, `"eventCategories":["Education","Arts"]`, `"nextEventDate":"2027-04-12"`, `"audience":300`},
	}.Test(t, withEvents)
	testutil.Call{
		Who:    "priya",
		Name:   "each may be cleared",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"eventLocation":"","eventCategories":[],"nextEventDate":"","audience":0}`,
		Status: 200,
		Events: testutil.Writes(0, 1, 0),
		Want:   []string{`"eventLocation":""`, `"eventCategories":[]`, `"nextEventDate":""`, `"audience":0`},
	}.Test(t, withEvents)
	testutil.Call{
		Who:    "dan",
		Name:   "a member who never set them answers them empty",
		Method: http.MethodGet,
		URL:    "/api/user",
		Status: 200,
		Want:   []string{`"eventLocation":""`, `"eventCategories":[]`, `"nextEventDate":""`, `"audience":0`},
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "field messages",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"eventLocation":"` + long(121) + `","eventCategories":["Sports"],"nextEventDate":"12/04/2027","audience":1.5}`,
		Status: 400,
		Events: testutil.NoWrites(),
		Want: []string{`"eventLocation":{"code":"validation_too_long","message":"Location must be at most 120 characters"}`,
			`"eventCategories":{"code":"validation_unknown_category","message":"Choose categories from the list"}`,
			`"nextEventDate":{"code":"validation_invalid_date","message":"Enter a valid date"}`,
			`"audience":{"code":"validation_audience","message":"Audience must be a whole number from 0 to 1,000,000,000"}`},
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "audience bounds",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"audience":1000000001}`,
		Status: 400,
		Events: testutil.NoWrites(),
		Want:   []string{`"audience":{"code":"validation_audience"`},
	}.Test(t, f)
}

func long(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'x'
	}
	return string(b)
}
