package testutil_test

import (
	"fmt"
	"net/http"
	"reflect"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

// The defaults a Call fills in when it names nothing: a read or a refusal
// writes nothing, a refusal says its status, a visitor is a same-origin
// browser unless the call gives its own headers.
func TestCallDefaults(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		call    testutil.Call
		want    []string
		events  map[string]int
		headers map[string]string
	}{
		{"a refused read", testutil.Call{Method: http.MethodGet, Status: 404},
			[]string{`"status":404`}, testutil.NoWrites(), map[string]string{"Origin": testutil.Origin}},
		{"a refused write", testutil.Call{Method: http.MethodPost, Status: 400, Want: []string{"Name is required"}},
			[]string{"Name is required"}, testutil.NoWrites(), map[string]string{"Origin": testutil.Origin}},
		{"a read that answers", testutil.Call{Method: http.MethodGet, Status: 200, Want: []string{"["}},
			[]string{"["}, testutil.NoWrites(), map[string]string{"Origin": testutil.Origin}},
		{"a write names its events", testutil.Call{Method: http.MethodPost, Status: 201, Events: testutil.Writes(1, 0, 0)},
			nil, testutil.Writes(1, 0, 0), map[string]string{"Origin": testutil.Origin}},
		{"a visitor's own headers go alone", testutil.Call{Method: http.MethodPost, Status: 200, Headers: map[string]string{"X-Real-Ip": "1.2.3.4"}},
			nil, nil, map[string]string{"X-Real-Ip": "1.2.3.4"}},
	} {
		s := c.call.Scenario(t, nil)
		if !reflect.DeepEqual(s.ExpectedContent, c.want) {
			t.Errorf("%s: content %q, want %q", c.name, s.ExpectedContent, c.want)
		}
		if !reflect.DeepEqual(s.ExpectedEvents, c.events) {
			t.Errorf("%s: events %v, want %v", c.name, s.ExpectedEvents, c.events)
		}
		if !reflect.DeepEqual(s.Headers, c.headers) {
			t.Errorf("%s: headers %v, want %v", c.name, s.Headers, c.headers)
		}
	}
}

// failures records what a check reports instead of failing the test.
type failures struct {
	testing.TB
	errors []string
}

func (f *failures) Helper() {}

func (f *failures) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}

// WantHeaders are checked against the answer, then After runs.
func TestCallChecksTheAnswersHeaders(t *testing.T) {
	t.Parallel()
	after := false
	s := testutil.Call{Method: http.MethodGet, Status: 200, WantHeaders: map[string]string{"X-Total-Count": "2"},
		After: func(testing.TB, *tests.TestApp, *http.Response) { after = true }}.Scenario(t, nil)
	for _, c := range []struct {
		got  string
		fail bool
	}{{"2", false}, {"3", true}, {"", true}} {
		f := &failures{TB: t}
		res := &http.Response{Header: http.Header{}}
		if c.got != "" {
			res.Header.Set("X-Total-Count", c.got)
		}
		after = false
		s.AfterTestFunc(f, nil, res)
		if (len(f.errors) > 0) != c.fail || !after {
			t.Errorf("X-Total-Count %q: errors %q, After ran %v", c.got, f.errors, after)
		}
	}
}
