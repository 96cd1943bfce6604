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
	isVerified := func(username string, want bool) func(testing.TB, *tests.TestApp) {
		return func(t testing.TB, app *tests.TestApp) {
			if got := findMember(t, app, username).GetBool("isVerified"); got != want {
				t.Errorf("%s isVerified=%v", username, got)
			}
		}
	}
	run(t, factory, []tc{
		{name: "all members with e-mail, roles and subscription", method: http.MethodGet, who: "boss", url: path("/api/admin/members"),
			status: 200, want: []string{`"email":"dan@example.com"`, `"subscriptionStatus":"active"`,
				`"subscriptionActive":true`, `"isAdmin":true`, `"isVerified":true`}, notWant: []string{"password", "tokenKey"},
			headers: map[string]string{"X-Total-Count": "4", "X-Page": "1", "X-Per-Page": "20", "X-Has-More": "false"}},
		{name: "search by display name, any case", method: http.MethodGet, who: "boss", url: path("/api/admin/members?q=MEMBER%20PRI"),
			status: 200, want: []string{`"username":"priya"`}, notWant: []string{`"username":"dan"`},
			headers: map[string]string{"X-Total-Count": "1"}},
		{name: "search by username", method: http.MethodGet, who: "boss", url: path("/api/admin/members?q=ze"),
			status: 200, want: []string{`"username":"zed"`}, headers: map[string]string{"X-Total-Count": "1"}},
		{name: "wildcards are literal", method: http.MethodGet, who: "boss", url: path("/api/admin/members?q=%25"),
			status: 200, want: []string{`[]`}, headers: map[string]string{"X-Total-Count": "0", "X-Has-More": "false"}},
		{name: "paging", method: http.MethodGet, who: "boss", url: path("/api/admin/members?perPage=3&page=2"),
			status: 200, want: []string{`"username":`}, notWant: []string{`"totalItems"`},
			headers: map[string]string{"X-Total-Count": "4", "X-Page": "2", "X-Per-Page": "3", "X-Has-More": "false"}},
		{name: "paging, a page with more after it", method: http.MethodGet, who: "boss", url: path("/api/admin/members?perPage=3"),
			status: 200, want: []string{`"username":`}, headers: map[string]string{"X-Total-Count": "4", "X-Page": "1", "X-Has-More": "true"}},
		{name: "overlong search", method: http.MethodGet, who: "boss", url: path("/api/admin/members?q=" + strings.Repeat("a", 101)),
			status: 400, want: []string{"Search must be at most 100 characters"}},
		{name: "members never see others' e-mails here", method: http.MethodGet, who: "priya", url: path("/api/admin/members"),
			status: 403, notWant: []string{"dan@example.com"}},
		{name: "verify a member", events: testutil.Writes(1, 1, 0), method: http.MethodPost, who: "boss", url: memberPath("dan", "/verify"),
			status: 200, want: []string{`"username":"dan"`, `"isVerified":true`},
			after: all(isVerified("dan", true), logged("verify_member", "dan"))},
		{name: "unverify a member", events: testutil.Writes(1, 1, 0), method: http.MethodPost, who: "boss", url: memberPath("priya", "/unverify"),
			status: 200, want: []string{`"isVerified":false`}, after: all(isVerified("priya", false), logged("unverify_member", "priya"))},
		{name: "verify an unknown member", method: http.MethodPost, who: "boss", url: path("/api/admin/members/nope/verify"),
			status: 404, want: []string{"Member not found."}, after: noLog},
		{name: "a member cannot verify themselves", method: http.MethodPost, who: "dan", url: memberPath("dan", "/verify"),
			status: 403, after: all(noLog, isVerified("dan", false))},
		{name: "verify a social link, named by its value, sets the date", events: testutil.Writes(1, 1, 0), method: http.MethodPost, who: "boss",
			url: memberPath("priya", "/social/verify"), body: `{"platform":"twitter","username":"priya_s"}`,
			status: 200, want: []string{`"platform":"twitter","username":"priya_s","verified":true,"verificationDate":"20`},
			after: func(t testing.TB, app *tests.TestApp) {
				links := social(t, app, "priya")
				if !links[0].Verified || links[0].VerificationDate == "" || !links[1].Verified || links[1].Platform != "instagram" {
					t.Errorf("links: %+v", links)
				}
				logged("verify_social", "priya_s on twitter")(t, app)
			}},
		{name: "the username is matched without regard to case", events: testutil.Writes(1, 1, 0), method: http.MethodPost, who: "boss",
			url: memberPath("priya", "/social/verify"), body: `{"platform":"Twitter","username":"PRIYA_S"}`,
			status: 200, want: []string{`"username":"priya_s","verified":true`}},
		{name: "unverify a social link clears the date", events: testutil.Writes(1, 1, 0), method: http.MethodPost, who: "boss",
			url: memberPath("priya", "/social/unverify"), body: `{"platform":"instagram","username":"priya.art"}`,
			status: 200, after: func(t testing.TB, app *tests.TestApp) {
				links := social(t, app, "priya")
				if links[1].Verified || links[1].VerificationDate != "" || links[0].Verified {
					t.Errorf("links: %+v", links)
				}
				logged("unverify_social", "priya.art")(t, app)
			}},
		{name: "a link the member does not have", method: http.MethodPost, who: "boss",
			url: memberPath("priya", "/social/verify"), body: `{"platform":"github","username":"priya_s"}`,
			status: 404, want: []string{"Social link not found."}, after: noLog},
		{name: "a link without a username", method: http.MethodPost, who: "boss",
			url: memberPath("priya", "/social/verify"), body: `{"platform":"twitter"}`,
			status: 404, want: []string{"Social link not found."}, after: noLog},
		{name: "a body that is not JSON", method: http.MethodPost, who: "boss",
			url: memberPath("priya", "/social/verify"), body: `[`,
			status: 400, want: []string{"The request body is not valid JSON."}, after: noLog},
		{name: "positions are not accepted any more", method: http.MethodPost, who: "boss", url: memberPath("priya", "/social/0/verify"),
			status: 404, after: noLog},
		{name: "member without social links", method: http.MethodPost, who: "boss",
			url: memberPath("dan", "/social/verify"), body: `{"platform":"twitter","username":"priya_s"}`,
			status: 404, after: noLog},
		{name: "members cannot verify their own links", method: http.MethodPost, who: "priya",
			url: memberPath("priya", "/social/verify"), body: `{"platform":"twitter","username":"priya_s"}`,
			status: 403, after: noLog},
		{name: "administrator rights are not granted here", method: http.MethodPost, who: "boss", url: memberPath("dan", "/admin"),
			status: 404, after: func(t testing.TB, app *tests.TestApp) {
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

	get(t, j, app, "boss", "/api/admin/members?q=priya", 200,
		`"socialMedia":[{"platform":"twitter","username":"priya_s"`)
	// priya swaps her links and renames the Instagram one
	patchUser(t, j, app, "priya",
		`{"socialMedia":[{"platform":"instagram","username":"priya.art"},{"platform":"twitter","username":"priya_s"}]}`)
	id := memberID(t, app, "priya")
	post(t, j, app, "boss", "/api/admin/members/"+id+"/social/verify", `{"platform":"twitter","username":"priya_s"}`,
		200, testutil.Writes(1, 1, 0))
	links := social(t, app, "priya")
	if links[0].Platform != "instagram" || links[1].Platform != "twitter" || !links[1].Verified {
		t.Errorf("the link the administrator saw was not the one verified: %+v", links)
	}

	// priya renames her Twitter link after the administrator looked: the old
	// value names no link, and the new one stays unverified
	patchUser(t, j, app, "priya", `{"socialMedia":[{"platform":"twitter","username":"priya_new"}]}`)
	post(t, j, app, "boss", "/api/admin/members/"+id+"/social/unverify", `{"platform":"instagram","username":"priya.art"}`,
		404, testutil.NoWrites(), "Social link not found.")
	if links := social(t, app, "priya"); len(links) != 1 || links[0].Verified {
		t.Errorf("links after the rename: %+v", links)
	}
}

// patchUser is the member's own profile edit in a journey.
func patchUser(t *testing.T, j *testutil.Journey, app core.App, who, body string) {
	t.Helper()
	j.Step(t, tests.ApiScenario{Name: who + " edits their profile", Method: http.MethodPatch, URL: "/api/user",
		Body: strings.NewReader(body), Headers: headersOf(t, app, who), ExpectedStatus: 200,
		ExpectedContent: []string{`"username":"` + who + `"`}, ExpectedEvents: testutil.Writes(0, 1, 0)})
}
