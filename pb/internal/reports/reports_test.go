package reports_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
)

const report = "/api/deals/" + festival + "/report"

var factory = apptest.Factory(nil, seed)

// saved: the report's row, on the first save.
var saved = testutil.Writes(1, 0, 0)

// Who reads and writes a report, and what is refused how.
func TestReportAccess(t *testing.T) {
	t.Parallel()
	const body = `{"summary":"It went well","figures":[],"spending":[]}`
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "a visitor reads nothing", Method: http.MethodGet, URL: report, Status: 401},
		{Name: "a visitor writes nothing", Method: http.MethodPut, URL: report, Body: body, Status: 401},
		{Name: "a visitor publishes nothing", Method: http.MethodPost, URL: report + "/publish", Status: 401},
		{Name: "a visitor shares nothing", Method: http.MethodPost, URL: report + "/share", Status: 401},
		{Name: "nor revokes", Method: http.MethodDelete, URL: report + "/share", Status: 401},
		{Name: "a stranger publishes nothing", Who: "olive", Method: http.MethodPost, URL: report + "/publish", Status: 404, Want: []string{"Deal not found."}},
		{Name: "nor shares", Who: "olive", Method: http.MethodPost, URL: report + "/share", Status: 404, Want: []string{"Deal not found."}},
		{Name: "a stranger", Who: "olive", Method: http.MethodGet, URL: report, Status: 404, Want: []string{"Deal not found."}},
		{Name: "a stranger writes nothing", Who: "olive", Method: http.MethodPut, URL: report, Body: body, Status: 404, Want: []string{"Deal not found."}},
		{Name: "an administrator is a stranger to it", Who: "boss", Method: http.MethodGet, URL: report, Status: 404, Want: []string{"Deal not found."}},
		{Name: "an unknown deal", Who: "rita", Method: http.MethodGet, URL: "/api/deals/nosuchdeal00001/report", Status: 404, Want: []string{"Deal not found."}},
		{Name: "a deal not completed yet", Who: "rita", Method: http.MethodGet, URL: "/api/deals/" + pending + "/report", Status: 409,
			Want: []string{"An impact report is written once the deal is completed."}},
		{Name: "nor written", Who: "rita", Method: http.MethodPut, URL: "/api/deals/" + pending + "/report", Body: body, Status: 409,
			Want: []string{"An impact report is written once the deal is completed."}},
		{Name: "the sponsor does not write it", Who: "sam", Method: http.MethodPut, URL: report, Body: body, Status: 403,
			Want: []string{"Only the recipient can do this."}},
		{Name: "nor publish it", Who: "sam", Method: http.MethodPost, URL: report + "/publish", Status: 403,
			Want: []string{"Only the recipient can do this."}},
		{Name: "the recipient does not share it", Who: "rita", Method: http.MethodPost, URL: report + "/share", Status: 403,
			Want: []string{"Only the sponsor can do this."}},
		{Name: "nor revoke its link", Who: "rita", Method: http.MethodDelete, URL: report + "/share", Status: 403,
			Want: []string{"Only the sponsor can do this."}},
		{Name: "a draft is not shared", Who: "sam", Method: http.MethodPost, URL: report + "/share", Status: 409,
			Want: []string{"The report can be shared once the recipient publishes it."}},
		{Name: "an unknown link", Method: http.MethodGet, URL: "/api/shared-reports/" + strings.Repeat("A", 43), Status: 404,
			Want: []string{"Report not found."}},
		{Name: "a link of another shape costs no query", Method: http.MethodGet, URL: "/api/shared-reports/abc", Status: 404,
			Want: []string{"Report not found."}},
		{Name: "nor its pictures", Method: http.MethodGet, URL: "/api/shared-reports/" + strings.Repeat("A", 43) + "/pictures/" + festivalPhoto,
			Status: 404, Want: []string{"Report not found."}},
		{Name: "a saved report needs the recipient's", Who: "rita", Method: http.MethodPut, URL: report, Body: body, Status: 200,
			Events: saved, Want: []string{`"summary":"It went well"`, `"status":"draft"`}},
	})
}

// The draft is the deal, measured: each deliverable on time or late by its
// date in India, the proof pictures of this deal only, its tracked links
// and their totals; the benchmark says there is not enough to compare.
func TestTheDraftIsMeasuredFromTheDeal(t *testing.T) {
	t.Parallel()
	measured := []string{
		`"status":"draft"`, `"dealId":"` + festival + `"`, `"category":"music"`, `"amount":20000`,
		`"listing":{"kind":"sponsorship-requests","id":"request00000001","title":"Street festival"}`,
		`"id":"stage","title":"Logo on the stage","due":"2026-03-10","doneAt":"2026-03-10T17:00:00Z","onTime":true`,
		`"id":"posts","title":"Three posts","due":"2026-03-10","doneAt":"2026-03-10T19:00:00Z","onTime":false`,
		`"id":"thanks","title":"A thank-you","due":"","doneAt":"2026-03-12T10:00:00Z","onTime":null`,
		`"onTimeShare":50`,
		`"photos":[{"id":"` + festivalPhoto + `","url":"/api/deals/` + festival + `/pictures/` + festivalPhoto + `"}]`,
		`{"code":"FEST0001","url":"http://example.com/l/FEST0001","target":"https://sponsor.example/a","deliverable":"","visits":10,"uniqueVisitors":7}`,
		`"linkTotals":{"visits":15,"uniqueVisitors":10}`,
		`"figures":[]`, `"spending":[]`, `"spentTotal":0`, `"unaccounted":20000`, `"summary":""`,
		`"benchmark":{"enough":false,"comparable":0,"band":"$10,001–50,000","onTimeShare":null,"costPerAttendee":null}`,
		`"completedAt":"2026-03-20T10:00:00Z"`, `"publishedAt":""`,
	}
	other := []string{elsewhereFoto, "ELSE0001"}
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "the recipient", Who: "rita", Method: http.MethodGet, URL: report, Status: 200, Want: append(measured, `"shared":null`),
			NotWant: other, WantHeaders: map[string]string{"Cache-Control": "no-store"}},
		{Name: "the sponsor", Who: "sam", Method: http.MethodGet, URL: report, Status: 200, Want: append(measured, `"shared":null`), NotWant: other},
	})
}

// The recipient's body is checked field by field; a spending total above
// the amount, a file of another deal and a date in the future are refused.
func TestReportFields(t *testing.T) {
	t.Parallel()
	put := func(name, body string, want ...string) testutil.Call {
		return testutil.Call{Name: name, Who: "rita", Method: http.MethodPut, URL: report, Body: body, Status: 400,
			Want: append([]string{"Please check the highlighted fields."}, want...)}
	}
	figure := func(fields string) string {
		return `{"figures":[{"kind":"attendance","label":"People","value":300` + fields + `}]}`
	}
	tomorrow := when.Day(time.Now().Add(24 * time.Hour))
	testutil.RunCalls(t, factory, []testutil.Call{
		put("a figure is whole", `{"figures":[{"kind":"attendance","label":"People","value":1.5}]}`,
			`"figures.0.value":{"code":"validation_invalid","message":"A figure must be a whole number from 0 to 1,000,000,000"}`),
		put("and at most a billion", `{"figures":[{"kind":"reach","label":"People","value":1000000001}]}`,
			`"figures.0.value":{"code":"validation_invalid","message":"A figure must be a whole number from 0 to 1,000,000,000"}`),
		put("and there", `{"figures":[{"kind":"reach","label":"People"}]}`, `"figures.0.value"`),
		put("a figure has a name", `{"figures":[{"kind":"reach","label":"  ","value":3}]}`, `"figures.0.label":{"code":"validation_required","message":"Name the figure"}`),
		put("a short one", `{"figures":[{"kind":"reach","label":"`+strings.Repeat("é", 61)+`","value":3}]}`, "A figure's name is at most 60 characters"),
		put("of a kind", `{"figures":[{"kind":"likes","label":"Likes","value":3}]}`, `"figures.0.kind"`, "Choose attendance, reach or other"),
		put("as of a day not to come", figure(`,"asOf":"`+tomorrow+`"`), `"figures.0.asOf"`, "The date must be a date (YYYY-MM-DD), not in the future"),
		put("as of a date", figure(`,"asOf":"March"`), "The date must be a date (YYYY-MM-DD), not in the future"),
		put("evidence of this deal", figure(`,"evidence":"`+otherEvidence+`"`), `"figures.0.evidence":{"code":"validation_invalid_evidence","message":"Attach a file of this deal"}`),
		put("evidence that exists", figure(`,"evidence":"nosuchfile00001"`), "Attach a file of this deal"),
		put("at most 10 figures", `{"figures":[`+strings.Repeat(`{"kind":"reach","label":"R","value":1},`, 10)+`{"kind":"reach","label":"R","value":1}]}`, "At most 10 figures"),
		put("a line item costs something", `{"spending":[{"label":"Stage","amount":0}]}`,
			`"spending.0.amount":{"code":"validation_invalid","message":"Amount must be a whole number from 1 to 20,000"}`),
		put("at most the amount", `{"spending":[{"label":"Stage","amount":20001}]}`, "Amount must be a whole number from 1 to 20,000"),
		put("the spending adds up to at most the amount", `{"spending":[{"label":"Stage","amount":15000},{"label":"Sound","amount":5001}]}`,
			`"spending":{"code":"validation_over_amount","message":"The spending adds up to more than the deal's $20,000"}`),
		put("a line item says what it paid for", `{"spending":[{"label":"","amount":10}]}`, "Say what the money paid for"),
		put("a receipt of this deal", `{"spending":[{"label":"Stage","amount":10,"receipt":"`+otherEvidence+`"}]}`,
			`"spending.0.receipt":{"code":"validation_invalid_evidence","message":"Attach a file of this deal"}`),
		put("at most 30 line items", `{"spending":[`+strings.Repeat(`{"label":"S","amount":1},`, 30)+`{"label":"S","amount":1}]}`, "At most 30 line items"),
		put("a summary of at most 2000 characters", `{"summary":"`+strings.Repeat("é", 2001)+`"}`, "The summary must be at most 2000 characters"),
		{Name: "a body not JSON", Who: "rita", Method: http.MethodPut, URL: report, Body: `{"figures":"many"}`, Status: 400,
			Want: []string{"The request body is not valid JSON."}},
	})
}

// A member never sets a measured figure: the deliverables, their
// on-time share, the links' counts and a figure's provenance in a body are
// ignored; a figure with a file of the deal is evidenced, one without
// self-reported; the spending says what is unaccounted.
func TestAMemberCannotSetAMeasuredFigure(t *testing.T) {
	t.Parallel()
	testutil.Call{Name: "the recipient tries", Who: "rita", Method: http.MethodPut, URL: report, Events: saved, Status: 200,
		Body: `{"summary":" A full field ","onTimeShare":100,"linkTotals":{"visits":1000000,"uniqueVisitors":1000000},
			"deliverables":[{"id":"posts","onTime":true}],"photos":[],"links":[{"code":"FAKE0001","visits":999}],
			"status":"published","benchmark":{"enough":true},
			"figures":[{"id":"forged","kind":"attendance","label":"Tickets sold","value":400,"provenance":"measured","stale":false,"asOf":"2020-01-01","evidence":"` + festivalEvidence + `"},
				{"kind":"reach","label":"Stream viewers","value":1200,"provenance":"measured"}],
			"spending":[{"label":"Stage","amount":12000,"receipt":"` + festivalEvidence + `"},{"label":"Sound","amount":3000}],"spentTotal":20000,"unaccounted":0}`,
		Want: []string{`"status":"draft"`, `"onTimeShare":50`, `"linkTotals":{"visits":15,"uniqueVisitors":10}`, `"onTime":false`,
			`"summary":"A full field"`,
			`"kind":"attendance","label":"Tickets sold","value":400,"provenance":"evidenced","asOf":"2020-01-01","stale":true,"evidence":{"id":"` + festivalEvidence + `","kind":"picture","name":"tickets.png","url":"/api/evidence/` + festivalEvidence + `"}`,
			`"kind":"reach","label":"Stream viewers","value":1200,"provenance":"self","asOf":"` + when.Day(time.Now()) + `","stale":false,"evidence":null`,
			`"label":"Stage","amount":12000,"receipt":{"id":"` + festivalEvidence + `"`, `"label":"Sound","amount":3000,"receipt":null`,
			`"spentTotal":15000`, `"unaccounted":5000`, `"enough":false`},
		NotWant: []string{"FAKE0001", `"provenance":"measured"`, `"id":"forged"`, `"visits":999`},
	}.Test(t, factory)
}

// Two first saves at once make one report: each is answered 200, never a
// 500 from the unique index.
func TestFirstSavesAtOnceMakeOneReport(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	rita := testutil.Cookie(t, testutil.FindByUsername(t, app, "rita"))
	const n = 8
	statuses := make(chan int, n)
	start := make(chan struct{})
	for i := range n {
		go func() {
			<-start
			res, _ := testutil.Send(t, srv, http.MethodPut, report,
				`{"summary":"save `+string(rune('a'+i))+`","figures":[{"kind":"attendance","label":"People","value":300}]}`, rita)
			if res == nil {
				statuses <- 0
				return
			}
			statuses <- res.StatusCode
		}()
	}
	close(start)
	for range n {
		if s := <-statuses; s != http.StatusOK {
			t.Errorf("a save answered %d, want 200", s)
		}
	}
	rows, err := app.FindAllRecords("impact_reports")
	if err != nil || len(rows) != 1 {
		t.Fatalf("%d reports (%v), want 1", len(rows), err)
	}
}

// Reading a report costs the same queries whatever the deal holds.
func TestReadingAReportIsBounded(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	q := testutil.WatchQueries(t, app)
	figure := `{"kind":"reach","label":"A","value":1,"evidence":"` + festivalEvidence + `"}`
	item := `{"label":"C","amount":1,"receipt":"` + festivalEvidence + `"}`
	write := func(n int, events map[string]int) {
		j.Do(t, testutil.Call{Who: "rita", Method: http.MethodPut, URL: report, Status: 200, Events: events,
			Body: `{"figures":[` + strings.Repeat(figure+",", n-1) + figure + `],"spending":[` + strings.Repeat(item+",", n-1) + item + `]}`,
			Want: []string{`"spentTotal":` + strconv.Itoa(n)}})
	}
	read := func() int {
		return len(q.During(func() {
			j.Do(t, testutil.Call{Who: "rita", Method: http.MethodGet, URL: report, Status: 200, Want: []string{`"dealId"`}})
		}))
	}
	write(1, saved)
	before := read()
	rita := testutil.FindByUsername(t, app, "rita")
	for i := range 12 {
		id := string(rune('a'+i)) + "morephoto00001"
		savePicture(t, app, id, festival, rita.Id)
		saveLink(t, app, festival, "MORE00"+string(rune('a'+i))+"0", "https://sponsor.example/more", 1, 1)
	}
	write(10, testutil.Writes(0, 1, 0))
	after := read()
	t.Logf("reading a report: %d queries", before)
	if after != before {
		t.Errorf("a report with 13 photos, 14 links and 20 files costs %d queries, one with 1 photo, 2 links and 2 files %d", after, before)
	}
	if before > 10 {
		t.Errorf("reading a report costs %d queries", before)
	}
}

// The largest report a body may carry is stored whole (its spending's
// labels of control characters, six bytes each as JSON), and a body past
// the route's 32 KB is refused unread.
func TestTheLargestReportIsStored(t *testing.T) {
	t.Parallel()
	figure := `{"kind":"reach","label":"` + strings.Repeat("<", 60) + `","value":1000000000}`
	item := `{"label":"` + strings.Repeat(`\u0001`, 120) + `","amount":600}`
	body := `{"summary":"` + strings.Repeat("😀", 2000) + `","figures":[` + strings.Repeat(figure+",", 9) + figure +
		`],"spending":[` + strings.Repeat(item+",", 29) + item + `]}`
	if len(body) > 32<<10 {
		t.Fatalf("the largest valid body is %d bytes, past the route's limit", len(body))
	}
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "the largest report", Who: "rita", Method: http.MethodPut, URL: report, Body: body, Status: 200, Events: saved,
			Want: []string{`"spentTotal":18000`, `"unaccounted":2000`}},
		{Name: "a body past 32 KB", Who: "rita", Method: http.MethodPut, URL: report, Status: 413,
			Body: `{"summary":"` + strings.Repeat("a", 32<<10) + `"}`, Want: []string{"Request entity too large."}},
	})
}
