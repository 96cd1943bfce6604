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

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/deals"
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
	j.Do(j.t, testutil.Call{Name: "not while negotiating", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":5,"body":"Great"}`, Status: 409, Events: refused, Want: []string{closed}})
	j.setState(id, deals.StatusFunded)
	j.eventIn(10 * 24 * time.Hour)
	j.Do(j.t, testutil.Call{Name: "a funded deal before its event is 30 days past", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":5,"body":"Great"}`, Status: 409, Events: refused, Want: []string{"Reviews of this deal open on ", ", 30 days after its event."}})
	j.Do(j.t, testutil.Call{Name: "the page says when", Who: "sam", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"reviews":{"open":false,"opensAt":"20`}})
	j.setState(id, deals.StatusCompleted)

	j.Do(j.t, testutil.Call{Name: "a visitor", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":5,"body":"Great"}`, Status: 401, Events: refused})
	j.Do(j.t, testutil.Call{Name: "another member", Who: "olive", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":5,"body":"Great"}`, Status: 404, Events: refused, Want: []string{"Deal not found."}})
	j.Do(j.t, testutil.Call{Name: "an administrator", Who: "boss", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":5,"body":"Great"}`, Status: 404, Events: refused, Want: []string{"Deal not found."}})
	j.Do(j.t, testutil.Call{Name: "a rating from 1 to 5", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":6,"body":"Great"}`, Status: 400, Events: refused, Want: []string{"Choose a rating from 1 to 5"}})
	j.Do(j.t, testutil.Call{Name: "no rating", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"body":"Great"}`, Status: 400, Events: refused, Want: []string{"Choose a rating from 1 to 5"}})
	j.Do(j.t, testutil.Call{Name: "a fractional rating is the rating's mistake, not bad JSON", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":4.5,"body":"Great"}`, Status: 400, Events: refused, Want: []string{`"rating":{"code":"validation_invalid_rating","message":"Choose a rating from 1 to 5"}`}})
	j.Do(j.t, testutil.Call{Name: "so is a rating in words", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":"five","body":"Great"}`, Status: 400, Events: refused, Want: []string{`"rating":{"code":"validation_invalid_rating","message":"Choose a rating from 1 to 5"}`}})
	j.Do(j.t, testutil.Call{Name: "words", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":4,"body":"   "}`, Status: 400, Events: refused, Want: []string{"Tell others how the deal went"}})
	j.Do(j.t, testutil.Call{Name: "not too many", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":4,"body":"` + strings.Repeat("é", deals.MaxReviewText+1) + `"}`, Status: 400, Events: refused, Want: []string{"Review must be at most 2000 characters"}})
	j.Do(j.t, testutil.Call{Name: "the sponsor reviews first", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":5,"body":" A festival done right "}`, Status: 201, Events: reviewed, Want: []string{`"rating":5`, `"body":"A festival done right"`, `"title":"Street festival"`}})
	j.Do(j.t, testutil.Call{Name: "once", Who: "sam", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":1,"body":"changed my mind"}`, Status: 409, Events: refused, Want: []string{"You have already reviewed this deal."}})
	j.Do(j.t, testutil.Call{Name: "the sponsor reads their own at once", Who: "sam", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"mine":{"id":"`, `"body":"A festival done right"`, `"theirs":null,"theirsWritten":false`, `"dealId":"` + id + `","listing":{"kind":"sponsorship-requests","id":"` + j.request().Id + `","title":"Street festival"}`}})

	rita := testutil.Cookie(t, testutil.FindByUsername(t, j.app, "rita"))
	j.Step(t, tests.ApiScenario{Name: "the recipient learns it was written, not what it says", Method: http.MethodGet, URL: d,
		Headers: rita, ExpectedStatus: 200, ExpectedEvents: refused,
		ExpectedContent:    []string{`"reviews":{"open":true,"opensAt":"","mine":null,"theirs":null,"theirsWritten":true}`},
		NotExpectedContent: []string{"A festival done right"}})
	j.Step(t, tests.ApiScenario{Name: "nor does anyone else, nor the rating", Method: http.MethodGet, URL: j.profile("rita") + "/reviews",
		Headers: testutil.Cookie(t, testutil.FindByUsername(t, j.app, "olive")), ExpectedStatus: 200, ExpectedEvents: refused,
		ExpectedContent: []string{`[]`}, NotExpectedContent: []string{"A festival done right"}})
	j.Do(j.t, testutil.Call{Name: "no rating moves while it is blind", Who: "olive", Method: http.MethodGet, URL: j.profile("rita"), Status: 200, Events: refused, Want: []string{`"rating":0,"ratingCount":0`}})
	var first struct {
		Reviews struct {
			Mine struct{ ID string }
		}
	}
	j.Do(j.t, testutil.Call{Who: "sam", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"id":"`}}).Decode(t, &first)
	reply := "/api/reviews/" + first.Reviews.Mine.ID + "/reply"
	j.Do(j.t, testutil.Call{Name: "no reply to a review not shown", Who: "rita", Method: http.MethodPost, URL: reply, Body: `{"body":"Thanks"}`, Status: 409, Events: refused, Want: []string{"You can reply once the review is shown."}})

	j.Do(j.t, testutil.Call{Name: "the recipient reviews: both are shown", Who: "rita", Method: http.MethodPost, URL: d + "/review", Body: `{"rating":4,"body":"Paid on time"}`, Status: 201, Events: reviewed, Want: []string{`"rating":4`}})
	j.Do(j.t, testutil.Call{Name: "the recipient reads the sponsor's now", Who: "rita", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"theirs":{"id":"` + first.Reviews.Mine.ID + `"`, `"body":"A festival done right"`}})
	j.Do(j.t, testutil.Call{Name: "the recipient's rating", Who: "olive", Method: http.MethodGet, URL: j.profile("rita"), Status: 200, Events: refused, Want: []string{`"rating":5,"ratingCount":1`}})
	j.Do(j.t, testutil.Call{Name: "the sponsor's rating", Who: "olive", Method: http.MethodGet, URL: j.profile("sam"), Status: 200, Events: refused, Want: []string{`"rating":4,"ratingCount":1`}})
	j.Do(j.t, testutil.Call{Name: "the recipient's reviews", Who: "olive", Method: http.MethodGet, URL: j.profile("rita") + "/reviews", Status: 200, Events: refused, Want: []string{`"body":"A festival done right"`, `"username":"sam"`, `"hidden":false`}})

	j.Do(j.t, testutil.Call{Name: "the author does not reply to their own", Who: "sam", Method: http.MethodPost, URL: reply, Body: `{"body":"Me again"}`, Status: 403, Events: refused, Want: []string{"Only the reviewed member can reply."}})
	j.Do(j.t, testutil.Call{Name: "another member", Who: "olive", Method: http.MethodPost, URL: reply, Body: `{"body":"Hi"}`, Status: 404, Events: refused, Want: []string{"Review not found."}})
	j.Do(j.t, testutil.Call{Name: "a reply has words", Who: "rita", Method: http.MethodPost, URL: reply, Body: `{"body":""}`, Status: 400, Events: refused, Want: []string{"Write your reply"}})
	j.Do(j.t, testutil.Call{Name: "the reviewed member replies", Who: "rita", Method: http.MethodPost, URL: reply, Body: `{"body":"Thank you, Sam!"}`, Status: 200, Events: testutil.WritesAmidMail(1, 0), Want: []string{`"reply":"Thank you, Sam!"`, `"repliedAt":"20`}})
	j.Do(j.t, testutil.Call{Name: "once", Who: "rita", Method: http.MethodPost, URL: reply, Body: `{"body":"Again"}`, Status: 409, Events: refused, Want: []string{"You have already replied to this review."}})

	hide := "/api/admin/reviews/" + first.Reviews.Mine.ID + "/hide"
	j.Do(j.t, testutil.Call{Name: "members do not hide reviews", Who: "rita", Method: http.MethodPost, URL: hide, Body: `{"reason":"I dislike it"}`, Status: 403, Events: refused})
	j.Do(j.t, testutil.Call{Name: "an administrator says why", Who: "boss", Method: http.MethodPost, URL: hide, Body: `{"reason":" "}`, Status: 400, Events: refused, Want: []string{"Tell the author why the review is hidden"}})
	// the review, the log row and the author's notification
	j.Do(j.t, testutil.Call{Name: "an administrator hides it", Who: "boss", Method: http.MethodPost, URL: hide, Body: `{"reason":"Names a private person"}`, Status: 200, Events: testutil.WritesAmidMail(2, 0), Want: []string{`"hidden":true`, `"hiddenReason":"Names a private person"`}})
	j.Do(j.t, testutil.Call{Name: "not twice", Who: "boss", Method: http.MethodPost, URL: hide, Body: `{"reason":"again"}`, Status: 404, Events: refused, Want: []string{"Review not found, or hidden already."}})
	j.Do(j.t, testutil.Call{Name: "the rating forgets it", Who: "olive", Method: http.MethodGet, URL: j.profile("rita"), Status: 200, Events: refused, Want: []string{`"rating":0,"ratingCount":0`}})
	j.Step(t, tests.ApiScenario{Name: "members no longer read it", Method: http.MethodGet, URL: j.profile("rita") + "/reviews",
		Headers: testutil.Cookie(t, testutil.FindByUsername(t, j.app, "olive")), ExpectedStatus: 200, ExpectedEvents: refused,
		ExpectedContent: []string{`[]`}, NotExpectedContent: []string{"A festival done right"}})
	j.Do(j.t, testutil.Call{Name: "administrators still do, marked", Who: "boss", Method: http.MethodGet, URL: j.profile("rita") + "/reviews", Status: 200, Events: refused, Want: []string{`"hidden":true`, `"hiddenReason":"Names a private person"`}})
	j.Do(j.t, testutil.Call{Name: "no reply to a hidden review", Who: "rita", Method: http.MethodPost, URL: reply, Body: `{"body":"x"}`, Status: 404, Events: refused, Want: []string{"Review not found."}})
	j.Do(j.t, testutil.Call{Name: "the log", Who: "boss", Method: http.MethodGet, URL: "/api/admin/audit?action=hide_review", Status: 200, Events: refused, Want: []string{`"action":"hide_review"`, `"details":"Names a private person"`}})
	j.Do(j.t, testutil.Call{Name: "a visitor reads no reviews", Method: http.MethodGet, URL: j.profile("rita") + "/reviews", Status: 401, Events: refused})
	j.Do(j.t, testutil.Call{Name: "an unknown member", Who: "olive", Method: http.MethodGet, URL: "/api/users/nobody/reviews", Status: 404, Events: refused, Want: []string{"Member not found."}})
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
	j.Do(j.t, testutil.Call{Name: "30 days after the event of a funded deal", Who: "rita", Method: http.MethodPost, URL: "/api/deals/" + id + "/review", Body: `{"rating":2,"body":"Slow to send the money"}`, Status: 201, Events: reviewed, Want: []string{`"id":"`}})
	if err := deals.PublishDue(j.app); err != nil {
		t.Fatal(err)
	}
	j.Do(j.t, testutil.Call{Name: "not counted before its time", Who: "olive", Method: http.MethodGet, URL: j.profile("sam"), Status: 200, Events: refused, Want: []string{`"ratingCount":0`}})
	past := types.NowDateTime().Add(-time.Minute).String()
	if _, err := j.app.DB().Update("reviews", dbx.Params{"visibleAt": past}, dbx.HashExp{"deal": id}).Execute(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := deals.PublishDue(j.app); err != nil {
			t.Fatal(err)
		}
	}
	j.Do(j.t, testutil.Call{Name: "counted once when its 14 days ran out", Who: "olive", Method: http.MethodGet, URL: j.profile("sam"), Status: 200, Events: refused, Want: []string{`"rating":2,"ratingCount":1`}})
	j.Do(j.t, testutil.Call{Name: "and shown", Who: "olive", Method: http.MethodGet, URL: j.profile("sam") + "/reviews", Status: 200, Events: refused, Want: []string{`"body":"Slow to send the money"`}})
	j.Do(j.t, testutil.Call{Name: "the sponsor reads it before writing theirs", Who: "sam", Method: http.MethodGet, URL: "/api/deals/" + id, Status: 200, Events: refused, Want: []string{`"open":true`, `"body":"Slow to send the money"`}})
	j.Do(j.t, testutil.Call{Name: "and writes theirs: counted at once", Who: "sam", Method: http.MethodPost, URL: "/api/deals/" + id + "/review", Body: `{"rating":5,"body":"Lovely"}`, Status: 201, Events: reviewed, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "the recipient's rating", Who: "olive", Method: http.MethodGet, URL: j.profile("rita"), Status: 200, Events: refused, Want: []string{`"rating":5,"ratingCount":1`}})
	j.Do(j.t, testutil.Call{Name: "the sponsor's stays", Who: "olive", Method: http.MethodGet, URL: j.profile("sam"), Status: 200, Events: refused, Want: []string{`"rating":2,"ratingCount":1`}})
	j.setState(cancelled, deals.StatusCancelled)
	j.Do(j.t, testutil.Call{Name: "a cancelled deal is not reviewed", Who: "sid", Method: http.MethodPost, URL: "/api/deals/" + cancelled + "/review", Body: `{"rating":1,"body":"x"}`, Status: 409, Events: refused, Want: []string{"Reviews open when the deal is completed, or 30 days after the event of a funded deal."}})
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
