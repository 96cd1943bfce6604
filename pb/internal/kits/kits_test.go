package kits_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/kits"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
)

const notFound = `"message":"Media kit not found."`

// rita's measured figures and past sponsors (world).
var measured = []string{
	`"deals":{"value":4,"provenance":"measured"`,
	`"amountReceived":{"value":2500,"provenance":"measured"`,
	`"onTimeShare":{"value":50,"provenance":"measured"`,
	`"reachLargest":{"value":500,"provenance":"measured"`,
	`"reachTotal":{"value":650,"provenance":"measured"`,
	`"pastSponsors":[{"person":{"id":`, `"username":"sam"`, `"deals":2,"lastCompletedAt":"2026-03-01T10:00:00Z"}]`,
}

// Whose deals never show: hidden, deleted, cancelled, disputed.
var neverShown = []string{`"username":"hank"`, `"username":"gone"`, `"username":"cara"`, `"username":"dora"`, `"value":9000`, `"value":8000`, `"value":20000`}

func day(daysAgo int) string { return when.Day(time.Now().AddDate(0, 0, -daysAgo)) }

func TestAKitFromDraftToPublishedAndBack(t *testing.T) {
	w := newWorld(t)
	get := func(name, who, username string, status int, want ...string) testutil.Call {
		c := testutil.Call{Name: name, Who: who, Method: http.MethodGet, URL: "/api/kits/" + username, Status: status, Want: want}
		if status == 404 {
			c.Want = []string{notFound}
		}
		return c
	}
	profile := func(name string, mediaKit bool) testutil.Call { // her profile links the kit only once published
		return testutil.Call{Name: name, Who: "vic", Method: http.MethodGet, URL: "/api/users/" + w.rita.Id, Status: 200,
			Want: []string{`"username":"rita"`, `"mediaKit":` + strconv.FormatBool(mediaKit)}}
	}
	for _, c := range []testutil.Call{
		profile("her profile, no kit", false),
		get("a visitor, a member without a kit", "", "rita", 404),
		get("a visitor, no such member", "", "nobody", 404),
		{Name: "a visitor, the own kit", Method: http.MethodGet, URL: "/api/user/kit", Status: 401},
		{Name: "her own kit: an empty draft with her measured figures", Who: "rita", Method: http.MethodGet, URL: "/api/user/kit", Status: 200,
			Want: append([]string{`"headline":""`, `"audience":null`, `"segments":[]`, `"published":false`, `"updatedAt":""`}, measured...), NotWant: neverShown},
		{Name: "publishing an empty kit", Who: "rita", Method: http.MethodPost, URL: "/api/user/kit/publish", Status: 409,
			Want: []string{`"message":"Add your audience or a past event before publishing your media kit."`}},
	} {
		w.j.Do(t, c)
	}

	// A member sends provenance and measured values: none is read.
	body := fmt.Sprintf(`{"headline":"Pune's biggest school robotics fest",
		"audience":{"value":1200,"asOf":"","evidence":"","provenance":"measured","stale":false},
		"audienceMeasured":false, "provenance":"measured",
		"measured":{"deals":{"value":99,"provenance":"measured"},"reachLargest":{"value":99999}},
		"pastSponsors":[{"person":{"id":"%s","username":"vic"},"deals":7}],
		"segments":[{"label":"Students","share":60,"asOf":"%s","provenance":"measured"},{"label":"Parents","share":30,"asOf":"%s"}],
		"channels":[{"name":"Instagram","url":"https://instagram.com/fest","followers":4000,"asOf":""}],
		"pastEvents":[{"name":"Fest 2025","date":"2025-12-20","attendance":900,"asOf":""}]}`,
		testutil.FindByUsername(t, w.app, "vic").Id, day(evidence.StaleAfterDays+1), day(evidence.StaleAfterDays-1))
	w.j.Do(t, testutil.Call{Name: "saving the kit", Who: "rita", Method: http.MethodPut, URL: "/api/user/kit", Body: body, Status: 200,
		Events: testutil.Writes(1, 1, 0),
		Want: append([]string{`"headline":"Pune's biggest school robotics fest"`,
			`"audience":{"value":1200,"provenance":"self","asOf":"` + day(0) + `","stale":false,"evidence":null}`,
			`"label":"Students","share":{"value":60,"provenance":"self","asOf":"` + day(evidence.StaleAfterDays+1) + `","stale":true`,
			`"label":"Parents","share":{"value":30,"provenance":"self","asOf":"` + day(evidence.StaleAfterDays-1) + `","stale":false`,
			`"name":"Instagram","url":"https://instagram.com/fest","followers":{"value":4000,"provenance":"self","asOf":"` + day(0) + `"`,
			`"name":"Fest 2025","date":"2025-12-20","attendance":{"value":900`, `"published":false`}, measured...),
		NotWant: append([]string{`"value":99`, `"username":"vic"`, `"provenance":"evidenced"`}, neverShown...)})
	if m := testutil.Find(t, w.app, "users", w.rita.Id); m.GetInt("audience") != 1200 || m.GetString("audienceProvenance") != "self" {
		t.Errorf("her audience: %d (%s), want 1200 (self)", m.GetInt("audience"), m.GetString("audienceProvenance"))
	}

	for _, c := range []testutil.Call{
		get("a visitor, her unpublished kit", "", "rita", 404),
		get("another member, her unpublished kit", "vic", "rita", 404),
		get("an administrator, her unpublished kit", "ada", "rita", 404),
		get("herself, her unpublished kit (any letter case)", "rita", "RITA", 200, `"published":false`),
		{Name: "publishing", Who: "rita", Method: http.MethodPost, URL: "/api/user/kit/publish", Status: 200,
			Events: testutil.Writes(0, 1, 0), Want: []string{`"published":true`, `"publishedAt":"20`}},
		get("a visitor, her published kit", "", "rita", 200, append([]string{`"username":"rita"`, `"published":true`, `"headline":"Pune's`}, measured...)...),
		get("another member, her published kit", "vic", "rita", 200, `"published":true`),
		profile("her profile, the kit published", true),
		{Name: "unpublishing", Who: "rita", Method: http.MethodPost, URL: "/api/user/kit/unpublish", Status: 200,
			Events: testutil.Writes(0, 1, 0), Want: []string{`"published":false`}},
		get("a visitor, at once after", "", "rita", 404),
		profile("her profile, the kit unpublished", false),
	} {
		c.NotWant = append(c.NotWant, neverShown...)
		w.j.Do(t, c)
	}
}

// An unknown member, a member without a kit and an unpublished kit answer
// alike, with the same statements: nothing tells who is a member.
func TestTheSameNotFoundForEveryHiddenKit(t *testing.T) {
	w := newWorld(t)
	w.j.Do(t, testutil.Call{Name: "vic saves a kit", Who: "vic", Method: http.MethodPut, URL: "/api/user/kit",
		Body: `{"headline":"Secret headline","segments":[],"channels":[],"pastEvents":[]}`, Status: 200, Events: testutil.Writes(1, 0, 0),
		Want: []string{`"headline":"Secret headline"`}})
	q := testutil.WatchQueries(t, w.app)
	var bodies, shapes []string
	for _, username := range []string{"nobody", "rita", "vic"} {
		var status int
		var body string
		statements := q.During(func() {
			a := w.j.Do(t, testutil.Call{Name: "a visitor, " + username, Method: http.MethodGet, URL: "/api/kits/" + username, Status: 404,
				Want: []string{notFound}, NotWant: []string{"Secret"}})
			status, body = a.Status, a.Body
		})
		bodies = append(bodies, fmt.Sprint(status, body))
		shapes = append(shapes, strings.Join(statements, "\n"))
	}
	for i := 1; i < len(bodies); i++ {
		if bodies[i] != bodies[0] {
			t.Errorf("answers differ:\n%s\n%s", bodies[0], bodies[i])
		}
		if strings.Count(shapes[i], "\n") != strings.Count(shapes[0], "\n") ||
			strings.ReplaceAll(shapes[i], "\n", "") == "" {
			t.Errorf("the work differs:\n%s\n---\n%s", shapes[0], shapes[i])
		}
	}
}

func TestAKitsFieldMessages(t *testing.T) {
	w := newWorld(t)
	vicFile := w.file(t, testutil.FindByUsername(t, w.app, "vic"), "")
	samDeal := w.deal(t, testutil.FindByUsername(t, w.app, "sam"), "completed", 100, "2026-07-01 10:00:00.000Z", "", nil)
	dealFile := w.file(t, w.rita, samDeal)
	many := func(n int, item string) string {
		return "[" + strings.TrimSuffix(strings.Repeat(item+",", n), ",") + "]"
	}
	tomorrow := when.Day(time.Now().AddDate(0, 0, 1))
	for _, c := range []struct{ name, body, key, msg string }{
		{"a long headline", `{"headline":"` + strings.Repeat("h", kits.MaxHeadline+1) + `"}`, "headline", "Headline must be at most 160 characters"},
		{"an audience not whole", `{"audience":{"value":12.5}}`, "audience.value", "Audience must be a whole number from 0 to 1,000,000,000"},
		{"an audience too large", `{"audience":{"value":1000000001}}`, "audience.value", "Audience must be a whole number from 0 to 1,000,000,000"},
		{"an audience in the future", `{"audience":{"value":10,"asOf":"` + tomorrow + `"}}`, "audience.asOf", "The date must be a date (YYYY-MM-DD), not in the future"},
		{"someone else's file", `{"audience":{"value":10,"evidence":"` + vicFile + `"}}`, "audience.evidence", "Attach one of your own files"},
		{"a deal's file on the kit", `{"segments":[{"label":"A","share":1,"evidence":"` + dealFile + `"}]}`, "segments.0.evidence", "Attach one of your own files"},
		{"an unknown file", `{"pastEvents":[{"name":"A","date":"2025-01-01","evidence":"nosuchfile12345"}]}`, "pastEvents.0.evidence", "Attach one of your own files"},
		{"9 segments", `{"segments":` + many(9, `{"label":"A","share":1}`) + `}`, "segments", "At most 8 segments"},
		{"an unnamed segment", `{"segments":[{"label":" ","share":1}]}`, "segments.0.label", "Name the segment"},
		{"a long segment name", `{"segments":[{"label":"` + strings.Repeat("s", 61) + `","share":1}]}`, "segments.0.label", "A segment's name is at most 60 characters"},
		{"a share over 100", `{"segments":[{"label":"A","share":1},{"label":"B","share":101}]}`, "segments.1.share", "Share must be from 0 to 100 (%)"},
		{"a segment's day", `{"segments":[{"label":"A","share":1,"asOf":"1 May"}]}`, "segments.0.asOf", "The date must be a date (YYYY-MM-DD), not in the future"},
		{"9 channels", `{"channels":` + many(9, `{"name":"A"}`) + `}`, "channels", "At most 8 channels"},
		{"an unnamed channel", `{"channels":[{"name":""}]}`, "channels.0.name", "Name the channel"},
		{"a long channel name", `{"channels":[{"name":"` + strings.Repeat("c", 61) + `"}]}`, "channels.0.name", "A channel's name is at most 60 characters"},
		{"a channel's link", `{"channels":[{"name":"A","url":"javascript:alert(1)"}]}`, "channels.0.url", "Enter a link starting with http:// or https://"},
		{"a long channel link", `{"channels":[{"name":"A","url":"https://a.org/` + strings.Repeat("x", kits.MaxURL) + `"}]}`, "channels.0.url", "Enter a link starting with http:// or https://"},
		{"negative followers", `{"channels":[{"name":"A","followers":-1}]}`, "channels.0.followers", "Followers must be a whole number from 0 to 1,000,000,000"},
		{"21 past events", `{"pastEvents":` + many(21, `{"name":"A","date":"2025-01-01"}`) + `}`, "pastEvents", "At most 20 past events"},
		{"an unnamed event", `{"pastEvents":[{"name":"","date":"2025-01-01"}]}`, "pastEvents.0.name", "Name the event"},
		{"a long event name", `{"pastEvents":[{"name":"` + strings.Repeat("e", 121) + `","date":"2025-01-01"}]}`, "pastEvents.0.name", "An event's name is at most 120 characters"},
		{"an event without a date", `{"pastEvents":[{"name":"A","date":""}]}`, "pastEvents.0.date", "The date must be a date (YYYY-MM-DD), not in the future"},
		{"an event tomorrow", `{"pastEvents":[{"name":"A","date":"` + tomorrow + `"}]}`, "pastEvents.0.date", "The date must be a date (YYYY-MM-DD), not in the future"},
		{"too many attended", `{"pastEvents":[{"name":"A","date":"2025-01-01","attendance":10000001}]}`, "pastEvents.0.attendance", "Attendance must be a whole number from 0 to 10,000,000"},
		{"measured without reach", `{"audienceMeasured":true}`, "audience", "You have no measured reach yet: it comes from tracked links of completed deals"},
	} {
		who := "rita"
		if c.key == "audience" {
			who = "vic" // rita has measured reach
		}
		w.j.Do(t, testutil.Call{Name: c.name, Who: who, Method: http.MethodPut, URL: "/api/user/kit", Body: c.body, Status: 400,
			Want: []string{`"message":"Please check the highlighted fields."`, `"` + c.key + `":{"code":"validation_`, `"message":"` + c.msg + `"}`}})
	}
	w.j.Do(t, testutil.Call{Name: "a body over 32 KB", Who: "rita", Method: http.MethodPut, URL: "/api/user/kit",
		Body: `{"headline":"` + strings.Repeat("h", kits.MaxBody) + `"}`, Status: 413})
}

// A figure naming one of the member's own kit files is evidenced; the
// server says so, whatever the body says.
func TestAFigureWithAFileIsEvidenced(t *testing.T) {
	w := newWorld(t)
	own := w.file(t, w.rita, "")
	w.j.Do(t, testutil.Call{Name: "saving with files", Who: "rita", Method: http.MethodPut, URL: "/api/user/kit",
		Body:   `{"audience":{"value":800,"asOf":"` + day(10) + `","evidence":"` + own + `"},"segments":[{"label":"Students","share":70,"evidence":"` + own + `","provenance":"self"}]}`,
		Status: 200, Events: testutil.Writes(1, 1, 0),
		Want: []string{`"audience":{"value":800,"provenance":"evidenced","asOf":"` + day(10) + `","stale":false,"evidence":{"id":"` + own + `","kind":"pdf","name":"tickets.pdf","url":"/api/evidence/` + own + `"}}`,
			`"share":{"value":70,"provenance":"evidenced"`}})
	// The Events card's number is the same figure: typed there, it is the member's own again.
	w.j.Do(t, testutil.Call{Name: "a new audience on the Events card", Who: "rita", Method: http.MethodPatch, URL: "/api/user",
		Body: `{"audience":900}`, Status: 200, Events: testutil.Writes(0, 1, 0), Want: []string{`"audience":900`}})
	w.j.Do(t, testutil.Call{Name: "the kit after", Who: "rita", Method: http.MethodGet, URL: "/api/user/kit", Status: 200,
		Want: []string{`"audience":{"value":900,"provenance":"self","asOf":"` + day(0) + `","stale":false,"evidence":null}`}})
}

// "Use my measured reach": the audience follows the measured audience as
// deals complete and links are visited; a member's own number does not.
func TestTheMeasuredAudienceIsKept(t *testing.T) {
	w := newWorld(t)
	w.j.Do(t, testutil.Call{Name: "use my measured reach", Who: "rita", Method: http.MethodPut, URL: "/api/user/kit",
		Body: `{"audienceMeasured":true,"audience":{"value":5}}`, Status: 200, Events: testutil.Writes(1, 1, 0),
		Want: []string{`"audience":{"value":500,"provenance":"measured","asOf":"` + day(0) + `","stale":false,"evidence":null}`}})
	audience := func(want, measured int) {
		t.Helper()
		m := testutil.Find(t, w.app, "users", w.rita.Id)
		if m.GetInt("audience") != want || m.GetInt("measuredAudience") != measured {
			t.Errorf("audience %d, measured %d; want %d, %d", m.GetInt("audience"), m.GetInt("measuredAudience"), want, measured)
		}
	}
	audience(500, 500)

	// A visited link: the job.
	sam := testutil.FindByUsername(t, w.app, "sam")
	d := w.deal(t, sam, "completed", 100, "2026-08-01 10:00:00.000Z", "", nil, 700)
	audience(500, 500)
	if err := kits.MeasuredAudienceJob(w.app); err != nil {
		t.Fatal(err)
	}
	audience(700, 700)

	// A deal completing: in its transaction.
	open := w.deal(t, sam, "delivered", 100, "", "", nil, 1500)
	audience(700, 700)
	r := testutil.Find(t, w.app, "deals", open)
	r.Set("status", "completed")
	if err := w.app.Save(r); err != nil {
		t.Fatal(err)
	}
	audience(1500, 1500)

	// A dispute takes a deal out: recomputed when next looked at.
	r.Set("disputedAt", "2026-08-02 10:00:00.000Z")
	if err := w.app.Save(r); err != nil {
		t.Fatal(err)
	}
	if err := kits.Upkeep(w.app, w.rita.Id); err != nil {
		t.Fatal(err)
	}
	audience(700, 700)

	// Her own number again: measured reach goes on, her audience stays.
	w.j.Do(t, testutil.Call{Name: "her own number", Who: "rita", Method: http.MethodPut, URL: "/api/user/kit",
		Body: `{"audience":{"value":42}}`, Status: 200, Events: testutil.Writes(0, 2, 0), Want: []string{`"value":42,"provenance":"self"`}})
	w.link(t, d, 5000)
	if err := kits.MeasuredAudienceJob(w.app); err != nil {
		t.Fatal(err)
	}
	audience(42, 5700)
}

// A sponsor's consent: "List me as a past sponsor" off hides them.
func TestASponsorHidesFromPastSponsors(t *testing.T) {
	w := newWorld(t)
	w.j.Do(t, testutil.Call{Name: "sam turns the listing off", Who: "sam", Method: http.MethodPatch, URL: "/api/user",
		Body: `{"hideAsPastSponsor":true}`, Status: 200, Events: testutil.Writes(0, 1, 0), Want: []string{`"hideAsPastSponsor":true`}})
	w.j.Do(t, testutil.Call{Name: "his own record says so", Who: "sam", Method: http.MethodGet, URL: "/api/user", Status: 200,
		Want: []string{`"hideAsPastSponsor":true`}})
	w.j.Do(t, testutil.Call{Name: "rita's kit lists nobody, measures the same", Who: "rita", Method: http.MethodGet, URL: "/api/user/kit", Status: 200,
		Want: append([]string{`"pastSponsors":[]`}, measured[:5]...), NotWant: []string{`"username":"sam"`}})
}

// A public kit costs the same statements with 4 counted deals or 44: the
// figures are aggregated in SQL.
func TestAKitsCostDoesNotGrowWithItsDeals(t *testing.T) {
	w := newWorld(t)
	w.j.Do(t, testutil.Call{Name: "save", Who: "rita", Method: http.MethodPut, URL: "/api/user/kit",
		Body:   `{"audience":{"value":100},"segments":[{"label":"A","share":1}],"pastEvents":[{"name":"A","date":"2025-01-01"}]}`,
		Status: 200, Events: testutil.Writes(1, 1, 0), Want: []string{`"value":100`}})
	w.j.Do(t, testutil.Call{Name: "publish", Who: "rita", Method: http.MethodPost, URL: "/api/user/kit/publish", Status: 200,
		Events: testutil.Writes(0, 1, 0), Want: []string{`"published":true`}})
	q := testutil.WatchQueries(t, w.app)
	before, _ := q.Get(t, w.j.Handler(), "/api/kits/rita", nil)
	for i := range 40 {
		sponsor := testutil.CreateMember(t, w.app, fmt.Sprintf("sponsor%d", i), testutil.MemberOpts{})
		w.deal(t, sponsor, "completed", 10, "2026-09-01 10:00:00.000Z", "", []map[string]any{{"id": "x", "title": "T", "due": "2026-08-01", "doneAt": "2026-07-30T10:00:00Z"}}, 1, 2)
	}
	after, body := q.Get(t, w.j.Handler(), "/api/kits/rita", nil)
	if len(after) != len(before) {
		t.Errorf("%d statements with 4 deals, %d with 44:\n%s", len(before), len(after), strings.Join(after, "\n"))
	}
	if !strings.Contains(body, `"deals":{"value":44,`) || strings.Count(body, `"lastCompletedAt"`) != 41 {
		t.Errorf("the kit with 44 deals: %s", body)
	}
	t.Logf("GET /api/kits/{username}: %d statements", len(after))
}

// A member's first saves, sent at once from two tabs, make one kit: each
// save finds or makes it in its own transaction.
func TestFirstSavesAtOnceMakeOneKit(t *testing.T) {
	app := apptest.NewApp(t, testutil.Config())
	defer app.Cleanup()
	nia := testutil.CreateMember(t, app, "nia", testutil.MemberOpts{})
	srv := testutil.Serve(t, app)
	cookie := testutil.Cookie(t, nia)
	const n = 8
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			statuses[i], _ = testutil.DoRead(t, srv, http.MethodPut, "/api/user/kit",
				fmt.Sprintf(`{"headline":"Save %d","pastEvents":[{"name":"Fest","date":"2025-01-01","attendance":%d}]}`, i, i), cookie)
		})
	}
	wg.Wait()
	for i, s := range statuses {
		if s != http.StatusOK {
			t.Errorf("save %d: %d", i, s)
		}
	}
	kits, err := app.FindAllRecords("media_kits")
	if err != nil || len(kits) != 1 {
		t.Fatalf("%d kits (%v), want 1", len(kits), err)
	}
}

// Visitors cannot reach a member's own kit routes.
func TestVisitorsHaveNoOwnKit(t *testing.T) {
	w := newWorld(t)
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "/api/user/kit"}, {http.MethodPut, "/api/user/kit"},
		{http.MethodPost, "/api/user/kit/publish"}, {http.MethodPost, "/api/user/kit/unpublish"},
	} {
		w.j.Do(t, testutil.Call{Name: c.method + " " + c.path, Method: c.method, URL: c.path, Body: `{}`, Status: 401})
	}
}
