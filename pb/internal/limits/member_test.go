package limits_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/testutil"
)

// burst sends n requests at once, each from its own address, as member;
// it answers how many got each status and one body per status.
func burst(t *testing.T, srv *httptest.Server, member *core.Record, n int, path func(i int) string, body string) (map[int]int, map[int]string) {
	t.Helper()
	cookie := testutil.Cookie(t, member)
	counts, bodies := map[int]int{}, map[int]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			headers := map[string]string{"X-Real-Ip": "10.5." + strconv.Itoa(i/250) + "." + strconv.Itoa(i%250+1)}
			for k, v := range cookie {
				headers[k] = v
			}
			status, b := testutil.DoRead(t, srv, http.MethodPost, path(i), body, headers)
			mu.Lock()
			counts[status]++
			bodies[status] = b
			mu.Unlock()
		}()
	}
	wg.Wait()
	return counts, bodies
}

// From rotating addresses, one member cannot send messages, applications or
// reports in bulk: the per-member count holds, atomically, under a burst.
func TestPerMemberLimits(t *testing.T) {
	app, srv := limitedApp(t)
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{})
	zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	conv, _, err := messaging.Open(app, dan.Id, priya.Id)
	if err != nil {
		t.Fatal(err)
	}
	var offers []*core.Record
	for i := range 12 {
		offers = append(offers, testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Offer " + strconv.Itoa(i)}))
	}

	counts, bodies := burst(t, srv, priya, 150, func(int) string { return "/api/conversations/" + conv.Id + "/messages" }, `{"body":"hi"}`)
	if counts[201] != 20 || counts[429] != 130 {
		t.Errorf("150 messages at once: %v, want 20 × 201 and 130 × 429", counts)
	}
	if !strings.Contains(bodies[429], "You are sending messages too quickly. Try again in") {
		t.Errorf("429 message: %s", bodies[429])
	}
	if n, _ := app.CountRecords("messages"); n != 20 {
		t.Errorf("%d messages stored, want 20", n)
	}
	// dan is another member, with his own count
	if counts, _ := burst(t, srv, dan, 1, func(int) string { return "/api/conversations/" + conv.Id + "/messages" }, `{"body":"hi"}`); counts[201] != 1 {
		t.Errorf("the other participant: %v", counts)
	}

	counts, bodies = burst(t, srv, zed, 12, func(i int) string { return "/api/sponsorships/" + offers[i].Id + "/apply" }, `{}`)
	if counts[201] != 10 || counts[429] != 2 || !strings.Contains(bodies[429], "You have sent many applications in a short time.") {
		t.Errorf("12 applications at once: %v %s", counts, bodies[429])
	}

	counts, bodies = burst(t, srv, zed, 12, func(i int) string { return "/api/sponsorships/" + offers[i].Id + "/report" }, `{"reason":"Looks like a scam to me"}`)
	if counts[201] != 10 || counts[429] != 2 || !strings.Contains(bodies[429], "You have sent many reports in a short time.") {
		t.Errorf("12 reports at once: %v %s", counts, bodies[429])
	}
}

// Every per-member rule names a route the app has, so renaming a route
// cannot silently drop its limit.
func TestMemberRulesNameRealRoutes(t *testing.T) {
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	routes := map[string]bool{}
	for _, p := range testutil.AppRoutes(t, app) {
		routes[p] = true
	}
	for pattern, rules := range limits.MemberRules {
		if !routes[pattern] {
			t.Errorf("MemberRules names %q, which is not a route", pattern)
		}
		for _, r := range rules {
			if r.Max < 1 || r.Window <= 0 || r.Bucket == "" || !strings.HasSuffix(r.Message, ".") {
				t.Errorf("%s: incomplete rule %+v", pattern, r)
			}
		}
	}
}
