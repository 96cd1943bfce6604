package app_test

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

// sharedToken is the live share link's token of reportPreviewApp's report.
var sharedToken = strings.Repeat("Ab3_", 10) + "xyz"

// reportPreviewApp is previewApp with a completed deal titled hostileTitle
// whose published report is shared with sharedToken.
func reportPreviewApp(t testing.TB) *tests.TestApp {
	a := previewApp(t)
	rita := testutil.CreateMember(t, a, "rita", testutil.MemberOpts{Email: "rita@example.com"})
	sam := testutil.CreateMember(t, a, "sam", testutil.MemberOpts{Email: "sam@example.com"})
	save := func(collection string, fields map[string]any) *core.Record {
		c, err := a.FindCollectionByNameOrId(collection)
		if err != nil {
			t.Fatal(err)
		}
		r := core.NewRecord(c)
		r.Load(fields)
		if err := a.Save(r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	d := save("deals", map[string]any{"listingKind": "sponsorship_requests", "listingId": "request00000001", "title": hostileTitle,
		"sponsor": sam.Id, "recipient": rita.Id, "amount": 20000, "status": "completed", "category": "music",
		"deliverables": `[{"id":"a","title":"Logo","due":"2026-03-10","doneAt":"2026-03-10T17:00:00Z"},{"id":"b","title":"Posts","due":"2026-03-10","doneAt":"2026-03-10T19:00:00Z"}]`})
	sum := sha256.Sum256([]byte(sharedToken))
	save("impact_reports", map[string]any{"deal": d.Id, "status": "published", "summary": "Secret summary",
		"shareHash": hex.EncodeToString(sum[:])})
	return a
}

// A shared report's page previews its listing's title, escaped, and how it
// went; a revoked or unknown link the generic tags. Every /r/ page, live or
// not, is kept out of search engines, and no other page is.
func TestSharedReportLinkPreviews(t *testing.T) {
	t.Parallel()
	const noindex = `<meta name="robots" content="noindex" />`
	secrets := []string{"rita", "sam", "Secret summary", "example.com"}
	testutil.Reads(t, reportPreviewApp, []tests.ApiScenario{
		{Name: "a live link", Method: http.MethodGet, URL: "/r/" + sharedToken, ExpectedStatus: 200,
			ExpectedContent: []string{
				`<meta property="og:title" content="Impact report: Robots &#34;R&#34; Us &lt;script&gt;alert(1)&lt;/script&gt; &amp; co — SponsorBridge" />`,
				`<meta property="og:description" content="What the sponsorship delivered: 2 deliverables, 50% on time." />`,
				`<title>Impact report: Robots &#34;R&#34; Us`,
				`<meta property="og:url" content="` + publicURL + `/r/` + sharedToken + `" />`,
				noindex, genericImage,
			},
			NotExpectedContent: append(secrets, `<script>alert(1)`, genericTitle),
			ExpectedEvents:     testutil.NoWrites(),
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if got := res.Header.Get("X-Robots-Tag"); got != "noindex" {
					t.Errorf("X-Robots-Tag %q", got)
				}
			}},
		{Name: "an unknown link: the generic tags, still unlisted", Method: http.MethodGet, URL: "/r/" + strings.Repeat("B", 43), ExpectedStatus: 200,
			ExpectedContent: []string{genericTitle, noindex}, NotExpectedContent: append(secrets, "Impact report", "Robots"), ExpectedEvents: testutil.NoWrites()},
		{Name: "a link of another shape", Method: http.MethodGet, URL: "/r/abc", ExpectedStatus: 200,
			ExpectedContent: []string{genericTitle, noindex}, ExpectedEvents: testutil.NoWrites()},
		{Name: "other pages are listed", Method: http.MethodGet, URL: "/", ExpectedStatus: 200,
			ExpectedContent: []string{genericTitle}, NotExpectedContent: []string{noindex}, ExpectedEvents: testutil.NoWrites()},
		{Name: "a page whose name starts with r", Method: http.MethodGet, URL: "/requests", ExpectedStatus: 200,
			ExpectedContent: []string{genericTitle}, NotExpectedContent: []string{noindex}, ExpectedEvents: testutil.NoWrites()},
	}, nil)
}
