package admin_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/testutil"
)

func memberPath(username, suffix string) func(testing.TB, core.App) string {
	return func(t testing.TB, app core.App) string {
		return "/api/admin/members/" + memberID(t, app, username) + suffix
	}
}

func social(t testing.TB, app core.App, username string) []accounts.SocialLink {
	var links []accounts.SocialLink
	if err := findMember(t, app, username).UnmarshalJSONField("socialMedia", &links); err != nil {
		t.Fatal(err)
	}
	return links
}

func TestMembers(t *testing.T) {
	t.Parallel()
	noLog := expectRows("moderation_log", 0)
	isVerified := func(username string, want bool) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if got := findMember(t, app, username).GetBool("isVerified"); got != want {
				t.Errorf("%s isVerified=%v", username, got)
			}
		}
	}
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "all members with e-mail, roles and subscription", Method: http.MethodGet, Who: "boss", URL: "/api/admin/members",
			Status: 200, Want: []string{`"email":"dan@example.com"`, `"subscriptionStatus":"active"`,
				`"subscriptionActive":true`, `"isAdmin":true`, `"isVerified":true`}, NotWant: []string{"password", "tokenKey"},
			WantHeaders: map[string]string{"X-Total-Count": "4", "X-Page": "1", "X-Per-Page": "20", "X-Has-More": "false"}},
		{Name: "search by display name, any case", Method: http.MethodGet, Who: "boss", URL: "/api/admin/members?q=MEMBER%20PRI",
			Status: 200, Want: []string{`"username":"priya"`}, NotWant: []string{`"username":"dan"`},
			WantHeaders: map[string]string{"X-Total-Count": "1"}},
		{Name: "search by username", Method: http.MethodGet, Who: "boss", URL: "/api/admin/members?q=ze",
			Status: 200, Want: []string{`"username":"zed"`}, WantHeaders: map[string]string{"X-Total-Count": "1"}},
		{Name: "wildcards are literal", Method: http.MethodGet, Who: "boss", URL: "/api/admin/members?q=%25",
			Status: 200, Want: []string{`[]`}, WantHeaders: map[string]string{"X-Total-Count": "0", "X-Has-More": "false"}},
		{Name: "paging", Method: http.MethodGet, Who: "boss", URL: "/api/admin/members?perPage=3&page=2",
			Status: 200, Want: []string{`"username":`}, NotWant: []string{`"totalItems"`},
			WantHeaders: map[string]string{"X-Total-Count": "4", "X-Page": "2", "X-Per-Page": "3", "X-Has-More": "false"}},
		{Name: "paging, a page with more after it", Method: http.MethodGet, Who: "boss", URL: "/api/admin/members?perPage=3",
			Status: 200, Want: []string{`"username":`}, WantHeaders: map[string]string{"X-Total-Count": "4", "X-Page": "1", "X-Has-More": "true"}},
		{Name: "overlong search", Method: http.MethodGet, Who: "boss", URL: "/api/admin/members?q=" + strings.Repeat("a", 101),
			Status: 400, Want: []string{"Search must be at most 100 characters"}},
		{Name: "members never see others' e-mails here", Method: http.MethodGet, Who: "priya", URL: "/api/admin/members",
			Status: 403, NotWant: []string{"dan@example.com"}},
		{Name: "verify a member", Events: testutil.Writes(1, 1, 0), Method: http.MethodPost, Who: "boss", URLOf: memberPath("dan", "/verify"),
			Status: 200, Want: []string{`"username":"dan"`, `"isVerified":true`},
			After: all(isVerified("dan", true), logged("verify_member", "dan"))},
		{Name: "unverify a member", Events: testutil.Writes(1, 1, 0), Method: http.MethodPost, Who: "boss", URLOf: memberPath("priya", "/unverify"),
			Status: 200, Want: []string{`"isVerified":false`}, After: all(isVerified("priya", false), logged("unverify_member", "priya"))},
		{Name: "verify an unknown member", Method: http.MethodPost, Who: "boss", URL: "/api/admin/members/nope/verify",
			Status: 404, Want: []string{"Member not found."}, After: noLog},
		{Name: "a member cannot verify themselves", Method: http.MethodPost, Who: "dan", URLOf: memberPath("dan", "/verify"),
			Status: 403, After: all(noLog, isVerified("dan", false))},
		{Name: "verify a social link, named by its value, sets the date", Events: testutil.Writes(1, 1, 0), Method: http.MethodPost, Who: "boss",
			URLOf: memberPath("priya", "/social/verify"), Body: `{"platform":"twitter","username":"priya_s"}`,
			Status: 200, Want: []string{`"platform":"twitter","username":"priya_s","verified":true,"verificationDate":"20`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				links := social(t, app, "priya")
				if !links[0].Verified || links[0].VerificationDate == "" || !links[1].Verified || links[1].Platform != "instagram" {
					t.Errorf("links: %+v", links)
				}
				logged("verify_social", "priya_s on twitter")(t, app, res)
			}},
		{Name: "the username is matched without regard to case", Events: testutil.Writes(1, 1, 0), Method: http.MethodPost, Who: "boss",
			URLOf: memberPath("priya", "/social/verify"), Body: `{"platform":"Twitter","username":"PRIYA_S"}`,
			Status: 200, Want: []string{`"username":"priya_s","verified":true`}},
		{Name: "unverify a social link clears the date", Events: testutil.Writes(1, 1, 0), Method: http.MethodPost, Who: "boss",
			URLOf: memberPath("priya", "/social/unverify"), Body: `{"platform":"instagram","username":"priya.art"}`,
			Status: 200, After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				links := social(t, app, "priya")
				if links[1].Verified || links[1].VerificationDate != "" || links[0].Verified {
					t.Errorf("links: %+v", links)
				}
				logged("unverify_social", "priya.art")(t, app, res)
			}, Want: []string{`"id":`}},
		{Name: "a link the member does not have", Method: http.MethodPost, Who: "boss",
			URLOf: memberPath("priya", "/social/verify"), Body: `{"platform":"github","username":"priya_s"}`,
			Status: 404, Want: []string{"Social link not found."}, After: noLog},
		{Name: "a link without a username", Method: http.MethodPost, Who: "boss",
			URLOf: memberPath("priya", "/social/verify"), Body: `{"platform":"twitter"}`,
			Status: 404, Want: []string{"Social link not found."}, After: noLog},
		{Name: "a body that is not JSON", Method: http.MethodPost, Who: "boss",
			URLOf: memberPath("priya", "/social/verify"), Body: `[`,
			Status: 400, Want: []string{"The request body is not valid JSON."}, After: noLog},
		{Name: "positions are not accepted any more", Method: http.MethodPost, Who: "boss", URLOf: memberPath("priya", "/social/0/verify"),
			Status: 404, After: noLog},
		{Name: "member without social links", Method: http.MethodPost, Who: "boss",
			URLOf: memberPath("dan", "/social/verify"), Body: `{"platform":"twitter","username":"priya_s"}`,
			Status: 404, After: noLog},
		{Name: "members cannot verify their own links", Method: http.MethodPost, Who: "priya",
			URLOf: memberPath("priya", "/social/verify"), Body: `{"platform":"twitter","username":"priya_s"}`,
			Status: 403, After: noLog},
		{Name: "administrator rights are not granted here", Method: http.MethodPost, Who: "boss", URLOf: memberPath("dan", "/admin"),
			Status: 404, After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if findMember(t, app, "dan").GetBool("isAdmin") {
					t.Error("dan became an administrator")
				}
			}},
	})
}

func findMember(t testing.TB, app core.App, username string) *core.Record {
	r, err := app.FindFirstRecordByData("users", "username", username)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The administrator opens the members page, the member then reorders their
// links, and the administrator verifies the link they saw first: that link
// is verified, not the one now in its place. When the member changed the
// link itself meanwhile, nothing is verified.
func TestSocialVerifyFollowsTheLinkNotItsPosition(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)

	j.Do(t, testutil.Call{Name: "boss reads /api/admin/members?q=priya", Who: "boss", Method: http.MethodGet, URL: "/api/admin/members?q=priya", Status: 200, Want: []string{`"socialMedia":[{"platform":"twitter","username":"priya_s"`}})
	// priya swaps her links and renames the Instagram one
	patchUser(t, j, app, "priya",
		`{"socialMedia":[{"platform":"instagram","username":"priya.art"},{"platform":"twitter","username":"priya_s"}]}`)
	id := memberID(t, app, "priya")
	j.Do(t, testutil.Call{Name: "boss posts /api/admin/members/" + id + "/social/verify", Who: "boss", Method: http.MethodPost, URL: "/api/admin/members/" + id + "/social/verify", Body: `{"platform":"twitter","username":"priya_s"}`, Status: 200, Events: testutil.Writes(1, 1, 0), Want: []string{"{"}})
	links := social(t, app, "priya")
	if links[0].Platform != "instagram" || links[1].Platform != "twitter" || !links[1].Verified {
		t.Errorf("the link the administrator saw was not the one verified: %+v", links)
	}

	// priya renames her Twitter link after the administrator looked: the old
	// value names no link, and the new one stays unverified
	patchUser(t, j, app, "priya", `{"socialMedia":[{"platform":"twitter","username":"priya_new"}]}`)
	j.Do(t, testutil.Call{Name: "boss posts /api/admin/members/" + id + "/social/unverify", Who: "boss", Method: http.MethodPost, URL: "/api/admin/members/" + id + "/social/unverify", Body: `{"platform":"instagram","username":"priya.art"}`, Status: 404, Events: testutil.NoWrites(), Want: []string{"Social link not found."}})
	if links := social(t, app, "priya"); len(links) != 1 || links[0].Verified {
		t.Errorf("links after the rename: %+v", links)
	}
}

// patchUser is the member's own profile edit in a journey.
func patchUser(t *testing.T, j *testutil.Journey, app core.App, who, body string) {
	t.Helper()
	j.Do(t, testutil.Call{Name: who + " edits their profile", Who: who, Method: http.MethodPatch, URL: "/api/user",
		Body: body, Status: 200, Want: []string{`"username":"` + who + `"`}, Events: testutil.Writes(0, 1, 0)})
}
