package limits_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/testutil"
)

// limitedApp has every limit on and takes the client address from
// X-Real-Ip, so a test can come from as many addresses as it likes.
func limitedApp(t *testing.T) (*tests.TestApp, *httptest.Server) {
	cfg := testutil.Config()
	cfg.RateLimits = true
	cfg.TrustedProxyHeaders = []string{"X-Real-Ip"}
	app := apptest.NewApp(t, cfg)
	t.Cleanup(app.Cleanup)
	return app, testutil.Serve(t, app)
}

type attempt struct {
	status int
	body   string
	device string // the known-device cookie the answer set
}

func login(t *testing.T, srv *httptest.Server, ip, username, password, device string) attempt {
	t.Helper()
	headers := map[string]string{"X-Real-Ip": ip}
	if device != "" {
		headers["Cookie"] = (&http.Cookie{Name: limits.DeviceCookie, Value: device}).String()
	}
	res, body := testutil.Send(t, srv, http.MethodPost, "/api/login", `{"username":"`+username+`","password":"`+password+`"}`, headers)
	if res == nil { // Send failed the test
		return attempt{}
	}
	a := attempt{status: res.StatusCode, body: body}
	for _, c := range res.Cookies() {
		if c.Name == limits.DeviceCookie {
			a.device = c.Value
		}
	}
	return a
}

// From rotating addresses, guesses at one account stop after five: the
// account is locked (even the right password is refused there), with a
// clear message; unknown usernames are treated alike; and the owner's own
// browser, which has signed in before, still gets in.
func TestGuessesAtOneAccountAreStopped(t *testing.T) {
	app, srv := limitedApp(t)
	testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	owner := login(t, srv, "10.0.0.1", "ana", testutil.Password, "")
	if owner.status != 200 || owner.device == "" {
		t.Fatalf("owner's first sign-in: %d, device cookie %q", owner.status, owner.device)
	}

	var statuses []int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := login(t, srv, "10.1."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250+1), "ana", "guess-"+strconv.Itoa(i), "")
			mu.Lock()
			statuses = append(statuses, a.status)
			mu.Unlock()
			if a.status == 429 && !strings.Contains(a.body, "Too many failed sign-in attempts for this account. Try again in") {
				t.Errorf("429 without the message: %s", a.body)
			}
		}()
	}
	wg.Wait()
	count := map[int]int{}
	for _, s := range statuses {
		count[s]++
	}
	if count[401] != 5 || count[429] != 195 {
		t.Errorf("200 guesses from 200 addresses: %v, want 5 × 401 and 195 × 429", count)
	}

	if a := login(t, srv, "10.2.0.1", "ana", testutil.Password, ""); a.status != 429 {
		t.Errorf("the right password from a new browser during the lock: %d, want 429", a.status)
	}
	if a := login(t, srv, "10.0.0.1", "ana", testutil.Password, owner.device); a.status != 200 {
		t.Errorf("the owner's known browser during the lock: %d %s, want 200", a.status, a.body)
	}
	forged := strings.Replace(owner.device, owner.device[:3], "zzz", 1)
	if a := login(t, srv, "10.2.0.2", "ana", testutil.Password, forged); a.status != 429 {
		t.Errorf("a forged device cookie during the lock: %d, want 429", a.status)
	}

	for i := range 6 {
		a := login(t, srv, "10.3.0."+strconv.Itoa(i+1), "nobody-here", "guess", "")
		if want := map[bool]int{true: 401, false: 429}[i < 5]; a.status != want {
			t.Errorf("unknown username, attempt %d: %d, want %d", i+1, a.status, want)
		}
	}
}

// The lock doubles with each further failure, from 30 seconds up to 15
// minutes, and a success (or an hour without failures) forgets it.
func TestLockGrowsAndEnds(t *testing.T) {
	app, srv := limitedApp(t)
	testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	clock := time.Now()
	defer limits.SetClock(func() time.Time { return clock })()
	ip := 0
	try := func(password string) attempt {
		ip++
		return login(t, srv, "10.9.0."+strconv.Itoa(ip), "ana", password, "")
	}
	for range 5 {
		try("wrong")
	}
	for _, lock := range []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute, 15 * time.Minute, 15 * time.Minute} {
		a := try(testutil.Password)
		if a.status != 429 {
			t.Fatalf("during a %v lock: %d", lock, a.status)
		}
		clock = clock.Add(lock - time.Second)
		if a := try("wrong"); a.status != 429 {
			t.Fatalf("a second before the %v lock ends: %d", lock, a.status)
		}
		clock = clock.Add(time.Second)
		if a := try("wrong"); a.status != 401 {
			t.Fatalf("when the %v lock ends: %d", lock, a.status)
		}
	}
	clock = clock.Add(15 * time.Minute)
	if a := try(testutil.Password); a.status != 200 {
		t.Fatalf("after the last lock: %d", a.status)
	}
	if a := try("wrong"); a.status != 401 {
		t.Errorf("a success forgets the failures: %d", a.status)
	}
}
