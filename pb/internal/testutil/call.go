package testutil

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/queue"
)

// Call is one request of an API test, the one way the route tests write
// one: who sends what, and what must come back. It becomes an ApiScenario
// (Scenario), run on an app of its own (Test), as a journey's step (Do),
// or among reads that share one app (RunCalls).
type Call struct {
	Name string
	// Who sends it: "" a visitor, otherwise the member of that username,
	// riding their session cookie.
	Who    string
	Method string
	URL    string
	// URLOf, when set, makes the URL from the app (a seeded record's id).
	URLOf func(t testing.TB, app core.App) string
	Body  string
	// Headers are added to (or replace) the member's; a visitor sends
	// them alone, or when there are none a same-origin browser's (Origin).
	Headers map[string]string
	Status  int
	// Want is what the answer must hold; when empty, a refusal (4xx, 5xx)
	// must say its status, and any other answer must be empty.
	Want, NotWant []string
	// Events are the hook events the request must fire (ExpectedEvents);
	// when nil, a read (GET) or a refusal (4xx, 5xx) must write nothing.
	Events map[string]int
	// WantHeaders are headers the answer must carry (a list's paging).
	WantHeaders map[string]string
	After       func(t testing.TB, app *tests.TestApp, res *http.Response)
	// Prepare, when set, adjusts the call from the app before it is sent.
	Prepare func(t testing.TB, app core.App, c *Call)
}

// Scenario is the call as PocketBase's scenario on app: its URL, body
// and who's headers made from the app, and the defaults above.
func (c Call) Scenario(t testing.TB, app core.App) tests.ApiScenario {
	t.Helper()
	if c.Prepare != nil {
		c.Prepare(t, app, &c)
	}
	if c.URLOf != nil {
		c.URL = c.URLOf(t, app)
	}
	headers := c.Headers
	switch {
	case c.Who != "":
		headers = Cookie(t, FindByUsername(t, app, c.Who))
		for k, v := range c.Headers {
			headers[k] = v
		}
	case headers == nil:
		headers = map[string]string{"Origin": Origin}
	}
	return tests.ApiScenario{Name: c.Name, Method: c.Method, URL: c.URL, Body: strings.NewReader(c.Body),
		Headers: headers, ExpectedStatus: c.Status, ExpectedContent: c.want(), NotExpectedContent: c.NotWant,
		ExpectedEvents: c.events(), AfterTestFunc: c.after}
}

// after checks the answer's headers, then runs After.
func (c Call) after(t testing.TB, app *tests.TestApp, res *http.Response) {
	t.Helper()
	for k, v := range c.WantHeaders {
		if got := res.Header.Get(k); got != v {
			t.Errorf("header %s %q, want %q", k, got, v)
		}
	}
	if c.After != nil {
		c.After(t, app, res)
	}
}

func (c Call) want() []string {
	if len(c.Want) == 0 && c.Status >= 400 {
		return []string{fmt.Sprintf(`"status":%d`, c.Status)}
	}
	return c.Want
}

func (c Call) events() map[string]int {
	if c.Events == nil && (c.Method == http.MethodGet || c.Status >= 400) {
		return NoWrites()
	}
	return c.Events
}

// reads: the call writes nothing, which its check makes sure of.
func (c Call) reads() bool { return writesNothing(c.events()) }

// Test runs the call on an app of its own from factory.
func (c Call) Test(t *testing.T, factory func(testing.TB) *tests.TestApp) {
	t.Helper()
	Prepared(factory, tests.ApiScenario{Name: c.Name}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		factory := s.TestAppFactory
		*s = c.Scenario(t, app)
		s.TestAppFactory = factory
	}).Test(t)
}

// Do runs the call as the journey's next step and answers what it got.
// The work it left to the background (mail, alerts) is done before the
// next step counts its own events, unless the test holds the listing jobs
// (HoldListingJobs).
func (j *Journey) Do(t *testing.T, c Call) Answer {
	t.Helper()
	a := j.Step(t, c.Scenario(t, j.app))
	if _, ok := held.Load(j.app); !ok {
		queue.Of(j.app).Wait()
	}
	return a
}

// RunCalls runs calls from factory: those that write nothing (a read or a
// refusal, each checked to write nothing) one after another on one app,
// the others each on an app of its own.
func RunCalls(t *testing.T, factory func(testing.TB) *tests.TestApp, calls []Call) {
	t.Helper()
	var reads, changes []Call
	for _, c := range calls {
		if c.reads() {
			reads = append(reads, c)
		} else {
			changes = append(changes, c)
		}
	}
	if len(reads) > 1 {
		app := factory(t)
		defer app.Cleanup()
		j := NewJourney(t, app)
		for _, c := range reads {
			j.Step(t, c.Scenario(t, app))
		}
	} else {
		changes = append(reads, changes...)
	}
	for _, c := range changes {
		c.Test(t, factory)
	}
}
