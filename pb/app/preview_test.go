package app_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// publicURL is the app's public address in these tests: previews must take
// it from the configuration, never from the request's host.
const publicURL = "https://bridge.example.org"

const hostileTitle = `Robots "R" Us <script>alert(1)</script> & co`

// The generic tags as web/index.html has them.
const (
	genericTitle = `<meta property="og:title" content="SponsorBridge: community sponsorship marketplace" />`
	genericImage = `<meta property="og:image" content="` + publicURL + `/og-image.png" />`
	genericURL   = `<meta property="og:url" content="` + publicURL + `/" />`
)

// previewApp serves the real web/index.html (the tags the build ships) with
// listings of every kind of visibility.
func previewApp(t testing.TB) *tests.TestApp {
	dir := t.TempDir()
	index, err := os.ReadFile(filepath.Join("..", "..", "web", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), index, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := testutil.Config()
	cfg.AppURL = publicURL + "/" // publicurl.Base drops the slash
	a := apptest.NewAppWith(t, cfg, app.Options{PublicDir: dir})
	dan := testutil.CreateMember(t, a, "dan", testutil.MemberOpts{})
	testutil.CreateListing(t, a, "sponsorships", dan, testutil.ListingOpts{Title: hostileTitle, Amount: 2500,
		Location: "Pune, India", Description: "Kits & a coach for <b>the</b> school's robotics club.\n\nMore later.",
		Reviewed: true, Approved: true})
	testutil.CreateListing(t, a, "sponsorship_requests", dan, testutil.ListingOpts{Title: "Library roof", Amount: 1500000,
		Description: strings.Repeat("A long story about the roof. ", 20), Reviewed: true, Approved: true})
	testutil.CreateListing(t, a, "sponsorships", dan, testutil.ListingOpts{Title: "Secret rejected title",
		Description: "Rejected words", Reviewed: true, RejectionReason: "spam"})
	testutil.CreateListing(t, a, "sponsorships", dan, testutil.ListingOpts{Title: "Secret edited after rejection",
		Description: "Edited words", Reviewed: true})
	testutil.CreateListing(t, a, "sponsorships", dan, testutil.ListingOpts{Title: "Secret waiting for review",
		Description: "Pending words"})
	return a
}

// listingURL points the scenario at the listing titled title.
func listingURL(table, segment, title string) func(testing.TB, core.App, *tests.ApiScenario) {
	return func(t testing.TB, a core.App, s *tests.ApiScenario) {
		r, err := a.FindFirstRecordByData(table, "title", title)
		if err != nil {
			t.Fatal(err)
		}
		s.URL = "/listings/" + segment + "/" + r.Id
		s.ExpectedContent = append(s.ExpectedContent, `<meta property="og:url" content="`+publicURL+s.URL+`" />`)
	}
}

func TestListingLinkPreviews(t *testing.T) {
	t.Parallel()
	secrets := []string{"Secret", "Rejected words", "Edited words", "Pending words", "spam"}
	for _, s := range []*tests.ApiScenario{
		testutil.Prepared(previewApp, tests.ApiScenario{
			Name: "an approved offer: its own tags, escaped", Method: http.MethodGet, ExpectedStatus: 200,
			ExpectedContent: []string{
				`<meta property="og:title" content="Robots &#34;R&#34; Us &lt;script&gt;alert(1)&lt;/script&gt; &amp; co" />`,
				`<meta property="og:description" content="Open Sponsorship · $2,500 · Pune, India. Kits &amp; a coach for &lt;b&gt;the&lt;/b&gt; school&#39;s robotics club. More later." />`,
				`<meta name="description" content="Open Sponsorship · $2,500`,
				`<title>Robots &#34;R&#34; Us &lt;script&gt;alert(1)&lt;/script&gt; &amp; co · SponsorBridge</title>`,
				genericImage,
			},
			NotExpectedContent: []string{`<script>alert(1)`, `"R" Us`, `<b>the</b>`, genericTitle, `content="/og-image.png"`},
			ExpectedEvents:     testutil.NoWrites(),
		}, listingURL("sponsorships", "sponsorships", hostileTitle)),
		testutil.Prepared(previewApp, tests.ApiScenario{
			Name: "an approved request: amount with separators, the excerpt cut at a word", Method: http.MethodGet, ExpectedStatus: 200,
			ExpectedContent: []string{
				`<meta property="og:title" content="Library roof" />`,
				`content="Sponsorship Request · $1,500,000. A long story about the roof. A long story`,
				`A long story…" />`,
				`<title>Library roof · SponsorBridge</title>`,
				genericImage,
			},
			ExpectedEvents: testutil.NoWrites(),
		}, listingURL("sponsorship_requests", "requests", "Library roof")),
	} {
		s.Test(t)
	}

	generic := []string{genericTitle, genericImage, genericURL, "<title>SponsorBridge</title>",
		`Sign in to see the listing.`}
	for _, c := range []struct{ name, table, segment, title string }{
		{"a rejected listing", "sponsorships", "sponsorships", "Secret rejected title"},
		{"a listing edited after rejection (hidden until approved)", "sponsorships", "sponsorships", "Secret edited after rejection"},
		{"a listing waiting for its first review", "sponsorships", "sponsorships", "Secret waiting for review"},
		{"an approved offer under the requests path", "sponsorships", "requests", hostileTitle},
	} {
		testutil.Prepared(previewApp, tests.ApiScenario{
			Name: c.name + ": the generic tags, nothing of the listing", Method: http.MethodGet, ExpectedStatus: 200,
			ExpectedContent: generic, NotExpectedContent: append(secrets, "Robots"), ExpectedEvents: testutil.NoWrites(),
		}, func(t testing.TB, a core.App, s *tests.ApiScenario) {
			r, err := a.FindFirstRecordByData(c.table, "title", c.title)
			if err != nil {
				t.Fatal(err)
			}
			s.URL = "/listings/" + c.segment + "/" + r.Id
		}).Test(t)
	}
	for _, url := range []string{
		"/listings/sponsorships/abcdefghijklmno", // unknown
		"/listings/sponsorships/" + strings.Repeat("a", 200),
		"/listings/sponsorships/a'%20OR%201=1",
		"/listings/offers/abcdefghijklmno",
		"/home",
		"/",
		"/auth?tab=register",
	} {
		(&tests.ApiScenario{
			Name: "generic tags with absolute addresses at " + url, Method: http.MethodGet, URL: url, ExpectedStatus: 200,
			ExpectedContent: generic, NotExpectedContent: append(secrets, "Robots"), TestAppFactory: previewApp,
			ExpectedEvents: testutil.NoWrites(),
		}).Test(t)
	}
}

// index.html is revalidated on every visit: an unchanged page answers 304.
func TestIndexIsRevalidated(t *testing.T) {
	t.Parallel()
	preview := previewApp(t)
	defer preview.Cleanup()
	j := testutil.NewJourney(t, preview)
	first := j.Step(t, tests.ApiScenario{Name: "the first visit", Method: http.MethodGet, URL: "/home",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"<html"}})
	etag := first.Header.Get("ETag")
	if first.Header.Get("Cache-Control") != "no-cache" || etag == "" {
		t.Fatalf("headers %v", first.Header)
	}
	j.Step(t, tests.ApiScenario{Name: "the next visit revalidates it", Method: http.MethodGet, URL: "/home",
		Headers: map[string]string{"If-None-Match": etag}, ExpectedStatus: http.StatusNotModified, ExpectedEvents: testutil.NoWrites()})
}

// The sign-in screen a shared link leads to shows what the link's preview
// showed: the same listings (approved and visible), the same fields, to a
// visitor; every other listing is the same 404, with nothing of it.
func TestListingPreviewRoute(t *testing.T) {
	t.Parallel()
	secrets := []string{"Secret", "Rejected words", "Edited words", "Pending words", "spam"}
	route := func(table, path, title string) func(testing.TB, core.App, *tests.ApiScenario) {
		return func(t testing.TB, a core.App, s *tests.ApiScenario) {
			r, err := a.FindFirstRecordByData(table, "title", title)
			if err != nil {
				t.Fatal(err)
			}
			s.URL = path + "/" + r.Id + "/preview"
		}
	}
	testutil.Prepared(previewApp, tests.ApiScenario{
		Name: "an approved offer, to a visitor", Method: http.MethodGet, ExpectedStatus: 200,
		ExpectedContent: []string{`"kind":"sponsorships"`, `"kindLabel":"Open Sponsorship"`,
			`"title":"Robots \"R\" Us <script>alert(1)</script> & co"`, `"amount":2500`, // JSON: the page shows it as text
			`"place":"Pune, India"`, `"excerpt":"Kits & a coach for <b>the</b> school's robotics club. More later."`,
			`"path":"/listings/sponsorships/`},
		// the poster, categories, dates and status stay out, as in the tags
		NotExpectedContent: []string{`"user`, "Member dan", "categories", "status", "created", `"description"`},
		ExpectedEvents:     testutil.NoWrites(),
	}, route("sponsorships", "/api/sponsorships", hostileTitle)).Test(t)
	testutil.Prepared(previewApp, tests.ApiScenario{
		Name: "an approved request", Method: http.MethodGet, ExpectedStatus: 200,
		ExpectedContent: []string{`"kind":"requests"`, `"kindLabel":"Sponsorship Request"`, `"amount":1500000`, `"place":""`},
		ExpectedEvents:  testutil.NoWrites(),
	}, route("sponsorship_requests", "/api/sponsorship-requests", "Library roof")).Test(t)

	for _, c := range []struct{ name, table, path, title string }{
		{"a rejected listing", "sponsorships", "/api/sponsorships", "Secret rejected title"},
		{"a listing edited after rejection", "sponsorships", "/api/sponsorships", "Secret edited after rejection"},
		{"a listing waiting for review", "sponsorships", "/api/sponsorships", "Secret waiting for review"},
		{"an offer's id under the requests' route", "sponsorships", "/api/sponsorship-requests", hostileTitle},
	} {
		testutil.Prepared(previewApp, tests.ApiScenario{
			Name: c.name + ": 404, nothing of it", Method: http.MethodGet, ExpectedStatus: 404,
			ExpectedContent: []string{`"message":"Listing not found."`}, NotExpectedContent: append(secrets, "Robots"),
			ExpectedEvents: testutil.NoWrites(),
		}, route(c.table, c.path, c.title)).Test(t)
	}
	for _, url := range []string{"/api/sponsorships/abcdefghijklmno/preview", "/api/sponsorships/" + strings.Repeat("a", 200) + "/preview"} {
		(&tests.ApiScenario{Name: "unknown or implausible id " + url[:40], Method: http.MethodGet, URL: url, ExpectedStatus: 404,
			ExpectedContent: []string{`"message":"Listing not found."`}, TestAppFactory: previewApp, ExpectedEvents: testutil.NoWrites(),
		}).Test(t)
	}
}

// A published media kit's page previews the member's name, audience and
// past sponsors; an unpublished kit, a member without one and an unknown
// username get the generic tags, with nothing of the member.
func TestKitLinkPreviews(t *testing.T) {
	t.Parallel()
	a := previewApp(t)
	defer a.Cleanup()
	kit := func(username, name string, audience int, provenance string, published bool) {
		m := testutil.CreateMember(t, a, username, testutil.MemberOpts{})
		m.Set("displayName", name)
		m.Set("audience", audience)
		m.Set("audienceProvenance", provenance)
		if err := a.Save(m); err != nil {
			t.Fatal(err)
		}
		c, err := a.FindCollectionByNameOrId("media_kits")
		if err != nil {
			t.Fatal(err)
		}
		k := core.NewRecord(c)
		k.Load(map[string]any{"owner": m.Id, "published": published, "headline": "Secret headline"})
		if err := a.Save(k); err != nil {
			t.Fatal(err)
		}
	}
	kit("rita", `Rita <b>"R"</b> & co`, 12500, "measured", true)
	kit("pia", "Secret Pia", 900, "self", false)
	testutil.CreateMember(t, a, "nokit", testutil.MemberOpts{})
	j := testutil.NewJourney(t, a)
	j.Step(t, tests.ApiScenario{Name: "a published kit", Method: http.MethodGet, URL: "/kits/rita", ExpectedStatus: 200,
		ExpectedContent: []string{
			`<meta property="og:title" content="Rita &lt;b&gt;&#34;R&#34;&lt;/b&gt; &amp; co&#39;s media kit — SponsorBridge" />`,
			`<meta property="og:description" content="Audience 12,500 (measured) · 0 past sponsors" />`,
			`<title>Rita &lt;b&gt;&#34;R&#34;&lt;/b&gt; &amp; co&#39;s media kit — SponsorBridge</title>`,
			`<meta property="og:url" content="` + publicURL + `/kits/rita" />`, genericImage,
		},
		NotExpectedContent: []string{`<b>"R"`, "Secret", genericTitle}, ExpectedEvents: testutil.NoWrites()})
	for _, url := range []string{"/kits/pia", "/kits/nokit", "/kits/nobody", "/kits/rita/more", "/kits/"} {
		j.Step(t, tests.ApiScenario{Name: "the generic tags at " + url, Method: http.MethodGet, URL: url, ExpectedStatus: 200,
			ExpectedContent:    []string{genericTitle, genericImage, "<title>SponsorBridge</title>"},
			NotExpectedContent: []string{"Secret", "media kit", "Audience"}, ExpectedEvents: testutil.NoWrites()})
	}
}
