package deals_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// setState puts a deal into a state as its steps would have (the steps
// themselves are TestDealFromPledgeToCompletion's).
func (j *journey) setState(id, status string) {
	j.t.Helper()
	now := types.NowDateTime().String()
	set := dbx.Params{"status": status, "fundedAt": now}
	if status == deals.StatusCompleted {
		set["completedAt"] = now
	}
	if _, err := j.app.DB().Update("deals", set, dbx.HashExp{"id": id}).Execute(); err != nil {
		j.t.Fatal(err)
	}
}

// eventIn moves the festival's event date by d from now.
func (j *journey) eventIn(d time.Duration) {
	j.t.Helper()
	at := types.NowDateTime().Add(d).String()
	if _, err := j.app.DB().Update("sponsorship_requests", dbx.Params{"eventDate": at}, dbx.HashExp{"id": j.request().Id}).Execute(); err != nil {
		j.t.Fatal(err)
	}
}

func (j *journey) profile(who string) string {
	return "/api/users/" + testutil.FindByUsername(j.t, j.app, who).Id
}

// what writing a review writes: the review, the deal's history entry and
// the other side's notification; the second one also shows both reviews and
// counts both ratings (by SQL: no record events).
var reviewed = testutil.WritesAmidMail(3, 0)

// A completed deal's two sides review each other: the first review stays
// unseen by the other side until they write theirs, then both are shown and
// counted; the reviewed member replies once; an administrator hides an
// abusive review and the rating forgets it.
func TestReviewsAreDoubleBlind(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 600)
	d := "/api/deals/" + id
	const closed = "Reviews open when the deal is completed, or 30 days after the event of a funded deal."
	j.do("not while negotiating", "sam", http.MethodPost, d+"/review", `{"rating":5,"body":"Great"}`, 409, refused, closed)
	j.setState(id, deals.StatusFunded)
	j.eventIn(10 * 24 * time.Hour)
	j.do("a funded deal before its event is 30 days past", "sam", http.MethodPost, d+"/review", `{"rating":5,"body":"Great"}`, 409,
		refused, "Reviews of this deal open on ", ", 30 days after its event.")
	j.do("the page says when", "sam", http.MethodGet, d, "", 200, refused, `"reviews":{"open":false,"opensAt":"20`)
	j.setState(id, deals.StatusCompleted)

	j.do("a visitor", "", http.MethodPost, d+"/review", `{"rating":5,"body":"Great"}`, 401, refused)
	j.do("another member", "olive", http.MethodPost, d+"/review", `{"rating":5,"body":"Great"}`, 404, refused, "Deal not found.")
	j.do("an administrator", "boss", http.MethodPost, d+"/review", `{"rating":5,"body":"Great"}`, 404, refused, "Deal not found.")
	j.do("a rating from 1 to 5", "sam", http.MethodPost, d+"/review", `{"rating":6,"body":"Great"}`, 400, refused,
		"Choose a rating from 1 to 5")
	j.do("no rating", "sam", http.MethodPost, d+"/review", `{"body":"Great"}`, 400, refused, "Choose a rating from 1 to 5")
	j.do("a fractional rating is the rating's mistake, not bad JSON", "sam", http.MethodPost, d+"/review", `{"rating":4.5,"body":"Great"}`,
		400, refused, `"rating":{"code":"validation_invalid_rating","message":"Choose a rating from 1 to 5"}`)
	j.do("so is a rating in words", "sam", http.MethodPost, d+"/review", `{"rating":"five","body":"Great"}`, 400, refused,
		`"rating":{"code":"validation_invalid_rating","message":"Choose a rating from 1 to 5"}`)
	j.do("words", "sam", http.MethodPost, d+"/review", `{"rating":4,"body":"   "}`, 400, refused, "Tell others how the deal went")
	j.do("not too many", "sam", http.MethodPost, d+"/review", `{"rating":4,"body":"`+strings.Repeat("é", deals.MaxReviewText+1)+`"}`,
		400, refused, "Review must be at most 2000 characters")
	j.do("the sponsor reviews first", "sam", http.MethodPost, d+"/review", `{"rating":5,"body":" A festival done right "}`, 201,
		reviewed, `"rating":5`, `"body":"A festival done right"`, `"title":"Street festival"`)
	j.do("once", "sam", http.MethodPost, d+"/review", `{"rating":1,"body":"changed my mind"}`, 409, refused,
		"You have already reviewed this deal.")
	j.do("the sponsor reads their own at once", "sam", http.MethodGet, d, "", 200, refused,
		`"mine":{"id":"`, `"body":"A festival done right"`, `"theirs":null,"theirsWritten":false`,
		`"dealId":"`+id+`","listing":{"kind":"sponsorship-requests","id":"`+j.request().Id+`","title":"Street festival"}`)

	rita := testutil.Cookie(t, testutil.FindByUsername(t, j.app, "rita"))
	j.j.Step(t, tests.ApiScenario{Name: "the recipient learns it was written, not what it says", Method: http.MethodGet, URL: d,
		Headers: rita, ExpectedStatus: 200, ExpectedEvents: refused,
		ExpectedContent:    []string{`"reviews":{"open":true,"opensAt":"","mine":null,"theirs":null,"theirsWritten":true}`},
		NotExpectedContent: []string{"A festival done right"}})
	j.j.Step(t, tests.ApiScenario{Name: "nor does anyone else, nor the rating", Method: http.MethodGet, URL: j.profile("rita") + "/reviews",
		Headers: testutil.Cookie(t, testutil.FindByUsername(t, j.app, "olive")), ExpectedStatus: 200, ExpectedEvents: refused,
		ExpectedContent: []string{`[]`}, NotExpectedContent: []string{"A festival done right"}})
	j.do("no rating moves while it is blind", "olive", http.MethodGet, j.profile("rita"), "", 200, refused, `"rating":0,"ratingCount":0`)
	var first struct {
		Reviews struct {
			Mine struct{ ID string }
		}
	}
	j.do("", "sam", http.MethodGet, d, "", 200, refused).Decode(t, &first)
	reply := "/api/reviews/" + first.Reviews.Mine.ID + "/reply"
	j.do("no reply to a review not shown", "rita", http.MethodPost, reply, `{"body":"Thanks"}`, 409, refused,
		"You can reply once the review is shown.")

	j.do("the recipient reviews: both are shown", "rita", http.MethodPost, d+"/review", `{"rating":4,"body":"Paid on time"}`, 201,
		reviewed, `"rating":4`)
	j.do("the recipient reads the sponsor's now", "rita", http.MethodGet, d, "", 200, refused,
		`"theirs":{"id":"`+first.Reviews.Mine.ID+`"`, `"body":"A festival done right"`)
	j.do("the recipient's rating", "olive", http.MethodGet, j.profile("rita"), "", 200, refused, `"rating":5,"ratingCount":1`)
	j.do("the sponsor's rating", "olive", http.MethodGet, j.profile("sam"), "", 200, refused, `"rating":4,"ratingCount":1`)
	j.do("the recipient's reviews", "olive", http.MethodGet, j.profile("rita")+"/reviews", "", 200, refused,
		`"body":"A festival done right"`, `"username":"sam"`, `"hidden":false`)

	j.do("the author does not reply to their own", "sam", http.MethodPost, reply, `{"body":"Me again"}`, 403, refused,
		"Only the reviewed member can reply.")
	j.do("another member", "olive", http.MethodPost, reply, `{"body":"Hi"}`, 404, refused, "Review not found.")
	j.do("a reply has words", "rita", http.MethodPost, reply, `{"body":""}`, 400, refused, "Write your reply")
	j.do("the reviewed member replies", "rita", http.MethodPost, reply, `{"body":"Thank you, Sam!"}`, 200,
		testutil.WritesAmidMail(1, 0), `"reply":"Thank you, Sam!"`, `"repliedAt":"20`)
	j.do("once", "rita", http.MethodPost, reply, `{"body":"Again"}`, 409, refused, "You have already replied to this review.")

	hide := "/api/admin/reviews/" + first.Reviews.Mine.ID + "/hide"
	j.do("members do not hide reviews", "rita", http.MethodPost, hide, `{"reason":"I dislike it"}`, 403, refused)
	j.do("an administrator says why", "boss", http.MethodPost, hide, `{"reason":" "}`, 400, refused, "Tell the author why the review is hidden")
	// the review, the log row and the author's notification
	j.do("an administrator hides it", "boss", http.MethodPost, hide, `{"reason":"Names a private person"}`, 200,
		testutil.WritesAmidMail(2, 0), `"hidden":true`, `"hiddenReason":"Names a private person"`)
	j.do("not twice", "boss", http.MethodPost, hide, `{"reason":"again"}`, 404, refused, "Review not found, or hidden already.")
	j.do("the rating forgets it", "olive", http.MethodGet, j.profile("rita"), "", 200, refused, `"rating":0,"ratingCount":0`)
	j.j.Step(t, tests.ApiScenario{Name: "members no longer read it", Method: http.MethodGet, URL: j.profile("rita") + "/reviews",
		Headers: testutil.Cookie(t, testutil.FindByUsername(t, j.app, "olive")), ExpectedStatus: 200, ExpectedEvents: refused,
		ExpectedContent: []string{`[]`}, NotExpectedContent: []string{"A festival done right"}})
	j.do("administrators still do, marked", "boss", http.MethodGet, j.profile("rita")+"/reviews", "", 200, refused,
		`"hidden":true`, `"hiddenReason":"Names a private person"`)
	j.do("no reply to a hidden review", "rita", http.MethodPost, reply, `{"body":"x"}`, 404, refused, "Review not found.")
	j.do("the log", "boss", http.MethodGet, "/api/admin/audit?action=hide_review", "", 200, refused,
		`"action":"hide_review"`, `"details":"Names a private person"`)
	j.do("a visitor reads no reviews", "", http.MethodGet, j.profile("rita")+"/reviews", "", 401, refused)
	j.do("an unknown member", "olive", http.MethodGet, "/api/users/nobody/reviews", "", 404, refused, "Member not found.")
}

// A first review the other side never answers is shown 14 days later, and
// counted once however often the job runs; a funded deal whose event is 30
// days past opens its reviews.
func TestABlindReviewIsShownAfter14Days(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 600)
	cancelled := j.pledge("sid", 100)
	j.setState(id, deals.StatusFunded)
	j.eventIn(-31 * 24 * time.Hour)
	j.do("30 days after the event of a funded deal", "rita", http.MethodPost, "/api/deals/"+id+"/review",
		`{"rating":2,"body":"Slow to send the money"}`, 201, reviewed)
	if err := deals.PublishDue(j.app); err != nil {
		t.Fatal(err)
	}
	j.do("not counted before its time", "olive", http.MethodGet, j.profile("sam"), "", 200, refused, `"ratingCount":0`)
	past := types.NowDateTime().Add(-time.Minute).String()
	if _, err := j.app.DB().Update("reviews", dbx.Params{"visibleAt": past}, dbx.HashExp{"deal": id}).Execute(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := deals.PublishDue(j.app); err != nil {
			t.Fatal(err)
		}
	}
	j.do("counted once when its 14 days ran out", "olive", http.MethodGet, j.profile("sam"), "", 200, refused, `"rating":2,"ratingCount":1`)
	j.do("and shown", "olive", http.MethodGet, j.profile("sam")+"/reviews", "", 200, refused, `"body":"Slow to send the money"`)
	j.do("the sponsor reads it before writing theirs", "sam", http.MethodGet, "/api/deals/"+id, "", 200, refused,
		`"open":true`, `"body":"Slow to send the money"`)
	j.do("and writes theirs: counted at once", "sam", http.MethodPost, "/api/deals/"+id+"/review", `{"rating":5,"body":"Lovely"}`, 201, reviewed)
	j.do("the recipient's rating", "olive", http.MethodGet, j.profile("rita"), "", 200, refused, `"rating":5,"ratingCount":1`)
	j.do("the sponsor's stays", "olive", http.MethodGet, j.profile("sam"), "", 200, refused, `"rating":2,"ratingCount":1`)
	j.setState(cancelled, deals.StatusCancelled)
	j.do("a cancelled deal is not reviewed", "sid", http.MethodPost, "/api/deals/"+cancelled+"/review", `{"rating":1,"body":"x"}`, 409,
		refused, "Reviews open when the deal is completed, or 30 days after the event of a funded deal.")
}

// Both sides post their reviews at the same moment, round after round: both
// are stored, both shown, and each counted exactly once.
func TestBothReviewsAtOnce(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	post := func(who, path, body string) int {
		h := testutil.Cookie(t, testutil.FindByUsername(t, app, who))
		h["Origin"] = srv.URL
		res := testutil.Do(t, srv, http.MethodPost, path, body, h)
		_ = res.Body.Close()
		return res.StatusCode
	}
	req, err := app.FindFirstRecordByData("sponsorship_requests", "title", "Street festival")
	if err != nil {
		t.Fatal(err)
	}
	for round := range 6 {
		sponsor := fmt.Sprintf("fan%d", round)
		fan := testutil.CreateMember(t, app, sponsor, testutil.MemberOpts{})
		if code := post(sponsor, "/api/sponsorship-requests/"+req.Id+"/sponsor", `{"amount":10}`); code != 201 {
			t.Fatalf("pledge: %d", code)
		}
		var id string
		if err := app.DB().Select("id").From("deals").Where(dbx.HashExp{"sponsor": fan.Id}).Row(&id); err != nil {
			t.Fatal(err)
		}
		if _, err := app.DB().Update("deals", dbx.Params{"status": deals.StatusCompleted}, dbx.HashExp{"id": id}).Execute(); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i, who := range []string{sponsor, "rita"} {
			wg.Go(func() { codes[i] = post(who, "/api/deals/"+id+"/review", `{"rating":4,"body":"Fine"}`) })
		}
		wg.Wait()
		if codes[0] != 201 || codes[1] != 201 {
			t.Fatalf("round %d: %v", round, codes)
		}
		var blind, uncounted int
		if err := app.DB().NewQuery(`SELECT COUNT(*) FILTER (WHERE visibleAt > {:now}), COUNT(*) FILTER (WHERE counted = 0)
			FROM reviews WHERE deal = {:d}`).Bind(dbx.Params{"d": id, "now": types.NowDateTime().String()}).Row(&blind, &uncounted); err != nil {
			t.Fatal(err)
		}
		if blind != 0 || uncounted != 0 {
			t.Fatalf("round %d: %d reviews still blind, %d not counted", round, blind, uncounted)
		}
		if r := testutil.FindByUsername(t, app, "rita"); r.GetInt("ratingCount") != round+1 || r.GetInt("ratingSum") != 4*(round+1) {
			t.Fatalf("round %d: rita's rating %d from %d", round, r.GetInt("ratingSum"), r.GetInt("ratingCount"))
		}
	}
}
