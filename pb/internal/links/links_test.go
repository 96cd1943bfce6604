package links_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	sbapp "sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/testutil"
)

// seed: rita's festival is sponsored by sam in a funded deal with one
// deliverable ("booth000001"), and in an older, completed one; olive is
// another member, boss an administrator.
func seed(t testing.TB, app core.App) {
	rita := testutil.CreateMember(t, app, "rita", testutil.MemberOpts{})
	sam := testutil.CreateMember(t, app, "sam", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "olive", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	req := testutil.CreateListing(t, app, "sponsorship_requests", rita, testutil.ListingOpts{Title: "Street festival",
		Amount: 1000, Reviewed: true, Approved: true})
	for title, status := range map[string]string{"Street festival": deals.StatusFunded, "Last year's festival": deals.StatusCompleted} {
		err := app.RunInTransaction(func(tx core.App) error {
			d, err := deals.Open(tx, deals.Opening{ListingTable: "sponsorship_requests", ListingID: req.Id, Title: title,
				Sponsor: sam.Id, Recipient: rita.Id, Amount: 1000})
			if err != nil {
				return err
			}
			d.Set("status", status)
			d.Set("deliverables", `[{"id":"booth000001","title":"Booth","due":"","doneAt":"","proofText":"","proofLink":"","proofPicture":""}]`)
			return tx.Save(d)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

var withDeal = apptest.Factory(nil, seed)

func dealID(t testing.TB, app core.App, title string) string {
	t.Helper()
	d, err := app.FindFirstRecordByData("deals", "title", title)
	if err != nil {
		t.Fatal(err)
	}
	return d.Id
}

// linksOf is the URL of a deal's links.
func linksOf(title string) func(t testing.TB, app core.App) string {
	return func(t testing.TB, app core.App) string { return "/api/deals/" + dealID(t, app, title) + "/links" }
}

// addLink stores a tracked link of the deal with code.
func addLink(t testing.TB, app core.App, title, code string) *core.Record {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("tracked_links")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Load(map[string]any{"deal": dealID(t, app, title), "code": code, "target": "https://sponsor.example/offer?from=festival"})
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

var withLink = apptest.Factory(nil, func(t testing.TB, app core.App) {
	seed(t, app)
	addLink(t, app, "Street festival", "Fest2026")
})

var created = testutil.Writes(1, 0, 0)

func TestTrackedLinkRoutes(t *testing.T) {
	t.Parallel()
	festival := linksOf("Street festival")
	field := func(name, msg string) []string {
		return []string{`"message":"Please check the highlighted fields."`, `"` + name + `":{"code":"validation_invalid`, msg}
	}
	calls := []testutil.Call{
		{Name: "a visitor makes none", Method: "POST", URLOf: festival, Body: `{"target":"https://a.example"}`, Status: 401},
		{Name: "another member: not found", Who: "olive", Method: "POST", URLOf: festival, Body: `{"target":"https://a.example"}`,
			Status: 404, Want: []string{"Deal not found."}},
		{Name: "an administrator: not found", Who: "boss", Method: "POST", URLOf: festival, Body: `{"target":"https://a.example"}`,
			Status: 404, Want: []string{"Deal not found."}},
		{Name: "the recipient makes one", Who: "rita", Method: "POST", URLOf: festival, Body: `{"target":" https://sponsor.example/coupon "}`,
			Status: 201, Events: created, Want: []string{`"target":"https://sponsor.example/coupon"`, `"url":"` + testutil.Origin + `/l/`,
				`"deliverable":""`, `"visits":0`, `"uniqueVisitors":0`}},
		{Name: "the sponsor makes one for a deliverable", Who: "sam", Method: "POST", URLOf: festival,
			Body: `{"target":"http://sponsor.example","deliverable":"booth000001"}`, Status: 201, Events: created,
			Want: []string{`"deliverable":"booth000001"`}},
		{Name: "not a web address", Who: "rita", Method: "POST", URLOf: festival, Body: `{"target":"javascript:alert(1)"}`,
			Status: 400, Want: field("target", "Enter a link starting with http:// or https://")},
		{Name: "too long", Who: "rita", Method: "POST", URLOf: festival, Body: `{"target":"https://a.example/` + strings.Repeat("a", 490) + `"}`,
			Status: 400, Want: field("target", "Enter a link starting with http:// or https://")},
		{Name: "another deal's deliverable", Who: "rita", Method: "POST", URLOf: festival, Body: `{"target":"https://a.example","deliverable":"nosuchitem"}`,
			Status: 400, Want: field("deliverable", "Choose one of this deal's deliverables")},
		{Name: "a completed deal takes none", Who: "rita", Method: "POST", URLOf: linksOf("Last year's festival"), Body: `{"target":"https://a.example"}`,
			Status: 409, Want: []string{"This deal is completed: tracked links are made while a deal is under way."}},
		{Name: "a body over 4 KB", Who: "rita", Method: "POST", URLOf: festival, Body: `{"target":"https://a.example/` + strings.Repeat("a", 4<<10) + `"}`,
			Status: 413},
	}
	for _, c := range calls {
		t.Run(c.Name, func(t *testing.T) { t.Parallel(); c.Test(t, withDeal) })
	}

	reads := []testutil.Call{
		{Name: "a visitor lists none", Method: "GET", URLOf: festival, Status: 401},
		{Name: "another member lists none", Who: "olive", Method: "GET", URLOf: festival, Status: 404, Want: []string{"Deal not found."}},
		{Name: "nor an administrator", Who: "boss", Method: "GET", URLOf: festival, Status: 404, Want: []string{"Deal not found."}},
		{Name: "the recipient lists them", Who: "rita", Method: "GET", URLOf: festival, Status: 200,
			Want: []string{`"code":"Fest2026"`, `"url":"` + testutil.Origin + `/l/Fest2026"`}},
		{Name: "the sponsor too", Who: "sam", Method: "GET", URLOf: festival, Status: 200, Want: []string{`"code":"Fest2026"`}},
		{Name: "a short link goes to its target", Method: "GET", URL: "/l/Fest2026", Headers: map[string]string{"User-Agent": "Mozilla/5.0"},
			Status: 302, WantHeaders: map[string]string{"Location": "https://sponsor.example/offer?from=festival", "Cache-Control": "no-store"}},
		{Name: "an unknown code is a plain page", Method: "GET", URL: "/l/Nosuch00", Status: 404, Want: []string{"Link not found."},
			NotWant: []string{`"status"`}},
	}
	testutil.RunCalls(t, withLink, reads)
}

// A deal has at most 20 links: the 21st is refused, even asked for at once.
func TestADealHasAtMost20Links(t *testing.T) {
	t.Parallel()
	app := withDeal(t)
	defer app.Cleanup()
	for i := range 18 {
		addLink(t, app, "Street festival", fmt.Sprintf("code%04d", i))
	}
	srv := testutil.Serve(t, app)
	url := "/api/deals/" + dealID(t, app, "Street festival") + "/links"
	statuses := make([]int, 4)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			res, _ := testutil.Send(t, srv, "POST", url, `{"target":"https://a.example"}`, testutil.Cookie(t, testutil.FindByUsername(t, app, "rita")))
			statuses[i] = res.StatusCode
		})
	}
	wg.Wait()
	if n, _ := app.CountRecords("tracked_links"); n != 20 || count(statuses, 201) != 2 || count(statuses, 409) != 2 {
		t.Fatalf("4 at once from 18: %v, %d links", statuses, n)
	}
	res, body := testutil.Send(t, srv, "POST", url, `{"target":"https://a.example"}`, testutil.Cookie(t, testutil.FindByUsername(t, app, "sam")))
	if res.StatusCode != 409 || !strings.Contains(body, "A deal has at most 20 tracked links.") {
		t.Fatalf("the 21st: %d %s", res.StatusCode, body)
	}
}

func count(list []int, v int) int {
	n := 0
	for _, x := range list {
		if x == v {
			n++
		}
	}
	return n
}

// visit follows a short link as a browser would not: the redirect is the
// answer.
func visit(t *testing.T, url, method string, headers map[string]string) int {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Error(err)
		return 0
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Error(err)
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

func counts(t *testing.T, app core.App, id string) (visits, unique int) {
	t.Helper()
	r := testutil.Find(t, app, "tracked_links", id)
	return r.GetInt("visits"), r.GetInt("uniqueVisitors")
}

// The counter under concurrent visits over real HTTP: none lost, a
// visitor counted once, robots, previews, HEAD and repeats not at all.
func TestVisitsAreCountedUnderConcurrentRequests(t *testing.T) {
	t.Parallel()
	app := withDeal(t)
	defer app.Cleanup()
	many, one := addLink(t, app, "Street festival", "Many0001"), addLink(t, app, "Street festival", "OneVisit")
	srv := testutil.Serve(t, app)
	at := func(n int, url string, headers func(i int) map[string]string) {
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				if s := visit(t, srv.URL+url, "GET", headers(i)); s != 302 {
					t.Errorf("visit %d: %d", i, s)
				}
			})
		}
		wg.Wait()
	}

	at(40, "/l/Many0001", func(i int) map[string]string {
		return map[string]string{"User-Agent": fmt.Sprintf("Mozilla/5.0 (visitor %d)", i)}
	})
	if v, u := counts(t, app, many.Id); v != 40 || u != 40 {
		t.Errorf("40 visitors at once: %d visits, %d unique", v, u)
	}
	browser := map[string]string{"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0"}
	at(20, "/l/OneVisit", func(int) map[string]string { return browser })
	if v, u := counts(t, app, one.Id); v != 1 || u != 1 {
		t.Errorf("one visitor 20 times at once: %d visits, %d unique", v, u)
	}

	for name, h := range map[string]map[string]string{
		"a robot":               {"User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)"},
		"a chat app's preview":  {"User-Agent": "WhatsApp/2.23.20.0"},
		"curl":                  {"User-Agent": "curl/8.5.0"},
		"no User-Agent":         {"User-Agent": ""},
		"a prefetch":            {"User-Agent": "Mozilla/5.0 other", "Sec-Purpose": "prefetch;prerender"},
		"an old-style prefetch": {"User-Agent": "Mozilla/5.0 other", "Purpose": "prefetch"},
	} {
		if s := visit(t, srv.URL+"/l/OneVisit", "GET", h); s != 302 {
			t.Errorf("%s: %d", name, s)
		}
	}
	if s := visit(t, srv.URL+"/l/OneVisit", "HEAD", map[string]string{"User-Agent": "Mozilla/5.0 third"}); s != 302 {
		t.Errorf("HEAD: %d", s)
	}
	if v, u := counts(t, app, one.Id); v != 1 || u != 1 {
		t.Errorf("robots, previews, HEAD: %d visits, %d unique", v, u)
	}

	// the same visitor 29 minutes later: a repeat; 31 minutes later: a visit
	back := func(d time.Duration) {
		if _, err := app.DB().NewQuery("UPDATE link_visitors SET lastAt = {:at} WHERE link = {:link}").
			Bind(dbx.Params{"at": time.Now().UTC().Add(-d).Format("2006-01-02 15:04:05.000Z"), "link": one.Id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	back(29 * time.Minute)
	visit(t, srv.URL+"/l/OneVisit", "GET", browser)
	if v, u := counts(t, app, one.Id); v != 1 || u != 1 {
		t.Errorf("29 minutes later: %d visits, %d unique", v, u)
	}
	back(31 * time.Minute)
	visit(t, srv.URL+"/l/OneVisit", "GET", browser)
	if v, u := counts(t, app, one.Id); v != 2 || u != 1 {
		t.Errorf("31 minutes later: %d visits, %d unique", v, u)
	}

	// no address is stored: a visitor is a 64-character hash
	var stored []string
	if err := app.DB().Select("visitor").From("link_visitors").Column(&stored); err != nil || len(stored) != 41 {
		t.Fatalf("visitors: %d %v", len(stored), err)
	}
	for _, v := range stored {
		if len(v) != 64 || strings.Contains(v, "127.0.0.1") {
			t.Fatalf("a stored visitor: %q", v)
		}
	}
}

// Per address, 60 redirects a minute: the 61st is refused and not counted.
func TestRedirectsAreLimitedPerAddress(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.RateLimits = true
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	seed(t, app)
	link := addLink(t, app, "Street festival", "Limited1")
	srv := testutil.Serve(t, app)
	statuses := map[int]int{}
	for i := range 61 {
		statuses[visit(t, srv.URL+"/l/Limited1", "GET", map[string]string{"User-Agent": fmt.Sprintf("Mozilla/5.0 (%d)", i)})]++
	}
	if v, u := counts(t, app, link.Id); statuses[302] != 60 || statuses[429] != 1 || v != 60 || u != 60 {
		t.Fatalf("61 visits from one address: %v, %d visits, %d unique", statuses, v, u)
	}
}

// Served with the web app, the short links are the server's, not the
// app's client routes: the catch-all that answers index.html does not
// take them.
func TestShortLinksAreNotTheWebAppsPages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>SponsorBridge</title>the web app"), 0o600); err != nil {
		t.Fatal(err)
	}
	app := apptest.NewAppWith(t, testutil.Config(), sbapp.Options{PublicDir: dir})
	defer app.Cleanup()
	seed(t, app)
	addLink(t, app, "Street festival", "Fest2026")
	srv := testutil.Serve(t, app)
	if s := visit(t, srv.URL+"/l/Fest2026", "GET", map[string]string{"User-Agent": "Mozilla/5.0"}); s != 302 {
		t.Errorf("a short link with the web app served: %d", s)
	}
	res, body := testutil.Send(t, srv, "GET", "/l/Unknown1", "", nil)
	if res.StatusCode != 404 || !strings.Contains(body, "Link not found.") || strings.Contains(body, "the web app") ||
		!strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Errorf("an unknown code with the web app served: %d %s %q", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	if _, body := testutil.Send(t, srv, "GET", "/deals/abc", "", nil); !strings.Contains(body, "the web app") {
		t.Errorf("the web app's own pages: %q", body)
	}
}
