package route

import (
	"database/sql"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/refusal"
)

type inner struct {
	Name string `json:"name"`
	Note string `json:"note,omitempty"`
}

type answer struct {
	inner
	ID    string   `json:"id"`
	Count int      `json:"count"`
	Tags  []string `json:"tags"`
	Next  *inner   `json:"next"`
	Seen  bool     `json:"seen,omitzero"`
}

// The answer check passes what the type writes and names what it does not.
func TestAnswerMismatch(t *testing.T) {
	const ok = `{"name":"a","id":"x","count":2,"tags":["t"],"next":null}`
	cases := []struct {
		name, body string
		want       string // "" for a match, else part of the mismatch
	}{
		{"exact", ok, ""},
		{"optional fields present", `{"name":"a","note":"n","id":"x","count":2,"tags":[],"next":{"name":"b"},"seen":true}`, ""},
		{"a key the type lacks", `{"name":"a","id":"x","count":2,"tags":[],"next":null,"secret":1}`, "answer.secret"},
		{"a required key missing", `{"name":"a","id":"x","tags":[],"next":null}`, "answer.count: missing"},
		{"an embedded field missing", `{"id":"x","count":2,"tags":[],"next":null}`, "answer.name: missing"},
		{"a wrong kind", `{"name":"a","id":7,"count":2,"tags":[],"next":null}`, "answer.id: a number, want a string"},
		{"a wrong element", `{"name":"a","id":"x","count":2,"tags":[1],"next":null}`, "answer.tags[0]"},
		{"a nested key the type lacks", `{"name":"a","id":"x","count":2,"tags":[],"next":{"name":"b","extra":true}}`, "answer.next.extra"},
		{"not an object", `[1]`, "an array, want an object"},
	}
	for _, c := range cases {
		got := answerMismatch(Of[answer](), http.StatusOK, "application/json", []byte(c.body))
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: mismatch %q, want %q", c.name, got, c.want)
		}
	}
	if got := answerMismatch(Of[[]answer](), http.StatusOK, "application/json", []byte("["+ok+","+ok+"]")); got != "" {
		t.Errorf("a list of the type: %q", got)
	}
	if got := answerMismatch(Of[answer](), http.StatusOK, "text/html", []byte(ok)); got == "" {
		t.Error("HTML where the route declares JSON passed")
	}
	if got := answerMismatch(Of[NoContent](), http.StatusOK, "application/json", []byte(ok)); got == "" {
		t.Error("a body where the route declares no content passed")
	}
	if got := answerMismatch(Of[NoContent](), http.StatusNoContent, "", nil); got != "" {
		t.Errorf("204 for NoContent: %q", got)
	}
	if got := answerMismatch(nil, http.StatusOK, "application/json", []byte(ok)); got == "" {
		t.Error("a route without an answer type passed")
	}
}

// Check names every flaw of a table.
func TestCheck(t *testing.T) {
	h := func(*core.RequestEvent) error { return nil }
	family := &IPLimit{Label: "POST /api/things/", Max: 20, Seconds: 60}
	table := []Route{
		{Method: "GET", Path: "/api/things", Handler: h, Out: Of[[]answer]()},
		{Method: "GET", Path: "/api/things", Handler: h, Out: Of[[]answer]()},
		{Method: "POST", Path: "/api/things/{id}/a", Handler: h, Out: Of[answer](), PerIP: family},
		{Method: "POST", Path: "/api/things/{id}/b", Handler: h, Out: Of[answer]()},
		{Method: "POST", Path: "/api/things/{id}/c", Handler: h, Out: Of[answer](), PerIP: &IPLimit{Label: "POST /api/things/", Max: 5, Seconds: 60}},
		{Method: "POST", Path: "/api/other", Handler: h, PerIP: &IPLimit{Label: "POST /api/things", Max: 1, Seconds: 1}},
		{Method: "POST", Path: "/api/none", Out: Of[answer]()},
	}
	var got []string
	for _, err := range Check(table) {
		got = append(got, err.Error())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		"GET /api/things is declared twice",
		"POST /api/things/{id}/b is under the family",
		`label "POST /api/things/" has two limits`,
		"POST /api/other names no answer type",
		`POST /api/other: per-address label "POST /api/things" does not name this route`,
		"POST /api/none has no handler",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("Check missed %q; said:\n%s", want, all)
		}
	}
	if errs := Check(table[:1]); len(errs) != 0 {
		t.Errorf("a sound table: %v", errs)
	}
}

// IPRules gives each label once, the routes' own before the families'.
func TestIPRules(t *testing.T) {
	family := &IPLimit{Label: "POST /api/things/", Max: 20, Seconds: 60}
	rules := IPRules([]Route{
		{Method: "POST", Path: "/api/things/{id}/a", PerIP: family},
		{Method: "POST", Path: "/api/things", PerIP: &IPLimit{Label: "POST /api/things", Max: 10, Seconds: 60}},
		{Method: "POST", Path: "/api/things/{id}/b", PerIP: family},
		{Method: "GET", Path: "/api/things"},
	})
	if len(rules) != 2 || rules[0].Label != "POST /api/things" || rules[1].Label != "POST /api/things/" ||
		rules[1].MaxRequests != 20 || rules[1].Duration != 60 {
		t.Errorf("rules = %+v", rules)
	}
}

// A refusal answers its kind's status and words; other errors keep their
// answer or become a 500 that does not show their text.
func TestRefused(t *testing.T) {
	e := &core.RequestEvent{}
	e.Response = httptest.NewRecorder()
	cases := []struct {
		err    error
		status int
		msg    string
	}{
		{refusal.Conflictf("Taken."), http.StatusConflict, "Taken."},
		{refusal.NotFoundf("Gone."), http.StatusNotFound, "Gone."},
		{refusal.Fields(errors.New("x")), http.StatusBadRequest, refusal.CheckFields},
		{errors.Join(refusal.New(refusal.Upstream, "Provider said no."), errors.New("detail")), http.StatusBadGateway, "Provider said no."},
		{router.NewForbiddenError("No.", nil), http.StatusForbidden, "No."},
		{errors.New("database is locked"), http.StatusInternalServerError, ""},
	}
	for _, c := range cases {
		var apiErr *router.ApiError
		if !errors.As(Refused(e, c.err), &apiErr) || apiErr.Status != c.status || (c.msg != "" && apiErr.Message != c.msg) {
			t.Errorf("%v: answered %+v, want %d %q", c.err, apiErr, c.status, c.msg)
		}
		if apiErr != nil && strings.Contains(apiErr.Message, "locked") {
			t.Errorf("a 500 shows its cause: %q", apiErr.Message)
		}
	}
	if err := Refused(e, sql.ErrNoRows); !errors.Is(err, sql.ErrNoRows) {
		t.Errorf("a missing row became %v, want PocketBase's 404", err)
	}
	if Refused(e, nil) != nil {
		t.Error("no error became one")
	}
	tooMany := &refusal.Refusal{Kind: refusal.TooMany, Message: "Slow down.", RetryAfter: 4 * time.Second}
	Refused(e, tooMany)
	if got := e.Response.Header().Get("Retry-After"); got != "5" {
		t.Errorf("Retry-After = %q, want 5", got)
	}
}
