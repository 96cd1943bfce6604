package testutil

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// Journey runs requests one after another on one app, each written and
// checked as a scenario: Name, Method, URL, Body, Headers, ExpectedStatus,
// ExpectedContent, NotExpectedContent, ExpectedEvents and AfterTestFunc
// mean what they mean to PocketBase's runner, which cannot run two
// scenarios on one app (each run binds the router's hooks to the app again).
// A journey builds the router once. Requests at the same time need a real
// server instead (Serve).
type Journey struct {
	app     *tests.TestApp
	handler http.Handler
}

// NewJourney serves app's full router to the steps of a journey. An app
// has one router: one that Serve or Handler serves has no journey too.
func NewJourney(t testing.TB, app *tests.TestApp) *Journey {
	t.Helper()
	return &Journey{app: app, handler: Handler(t, app)}
}

// Handler is the journey's router, for requests sent at the same time
// between its steps.
func (j *Journey) Handler() http.Handler { return j.handler }

// Step runs s (TestAppFactory, BeforeTestFunc, Delay and Timeout have no
// use here) and answers what it got, for the steps after it. A failed step
// ends the test: the next ones build on it.
func (j *Journey) Step(t *testing.T, s tests.ApiScenario) Answer {
	t.Helper()
	var answer Answer
	if !t.Run(s.Name, func(t *testing.T) { answer = j.run(t, s) }) {
		t.FailNow()
	}
	return answer
}

// run is PocketBase's tests.ApiScenario check over the journey's router.
func (j *Journey) run(t *testing.T, s tests.ApiScenario) Answer {
	req := httptest.NewRequest(s.Method, s.URL, s.Body)
	req.Header.Set("content-type", "application/json")
	for k, v := range s.Headers {
		if k == "Host" { // a request to another name of the server
			req.Host = strings.TrimSpace(v)
			continue
		}
		req.Header.Set(k, strings.TrimSpace(v))
	}
	j.app.ResetEventCalls()
	rec := httptest.NewRecorder()
	j.handler.ServeHTTP(rec, req)
	res := rec.Result()
	raw := rec.Body.Bytes()
	if res.StatusCode != s.ExpectedStatus {
		t.Errorf("Expected status code %d, got %d", s.ExpectedStatus, res.StatusCode)
	}
	if len(s.ExpectedContent) == 0 && len(s.NotExpectedContent) == 0 {
		if len(raw) != 0 {
			t.Errorf("Expected empty body, got \n%s", raw)
		}
	} else {
		body := string(raw)
		var compact bytes.Buffer
		if json.Compact(&compact, raw) == nil {
			body = compact.String()
		}
		for _, want := range s.ExpectedContent {
			if !strings.Contains(body, want) {
				t.Errorf("Cannot find %v in response body \n%v", want, body)
				break
			}
		}
		for _, unwanted := range s.NotExpectedContent {
			if strings.Contains(body, unwanted) {
				t.Errorf("Didn't expect %v in response body \n%v", unwanted, body)
				break
			}
		}
	}
	ExpectEvents(t, j.app, s.ExpectedEvents)
	if s.AfterTestFunc != nil {
		s.AfterTestFunc(t, j.app, res)
	}
	return Answer{Status: res.StatusCode, Header: res.Header, Body: string(raw), cookies: res.Cookies()}
}

// Answer is what a step answered, for the steps after it.
type Answer struct {
	Status  int
	Header  http.Header
	Body    string
	cookies []*http.Cookie
}

// Cookie is the value of the named cookie the answer set ("" when it set
// none or cleared it).
func (a Answer) Cookie(name string) string {
	for _, c := range a.cookies {
		if c.Name == name && c.MaxAge >= 0 {
			return c.Value
		}
	}
	return ""
}

// Decode reads the answer's JSON into v.
func (a Answer) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(a.Body), v); err != nil {
		t.Fatalf("the answer is not the JSON expected: %v: %s", err, a.Body)
	}
}

// Reads runs scenarios that only read one after another on one app from
// factory, where PocketBase's runner makes an app for each (about 20 ms of
// CPU apiece). Each must expect no writes (ExpectedEvents NoWrites or
// {"*": 0}), which its step checks, so every one sees the app as factory
// made it. prepare, when given, adjusts each from the app (URL, headers).
func Reads(t *testing.T, factory func(testing.TB) *tests.TestApp, scenarios []tests.ApiScenario,
	prepare func(testing.TB, core.App, *tests.ApiScenario)) {
	t.Helper()
	app := factory(t)
	defer app.Cleanup()
	j := NewJourney(t, app)
	for _, s := range scenarios {
		if !writesNothing(s.ExpectedEvents) {
			t.Fatalf("%s: Reads takes scenarios that write nothing, not ExpectedEvents %v", s.Name, s.ExpectedEvents)
		}
		if prepare != nil {
			prepare(t, app, &s)
		}
		j.Step(t, s)
	}
}

// writesNothing: every event is expected 0 times, and the writes are
// among them (named, or all through "*").
func writesNothing(events map[string]int) bool {
	for _, n := range events {
		if n != 0 {
			return false
		}
	}
	if _, all := events["*"]; all {
		return true
	}
	for name := range noWrites {
		if _, ok := events[name]; !ok {
			return false
		}
	}
	return true
}
