package eligibility_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"

	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/refusal"
)

// eligible passes every rule of everything below.
var eligible = eligibility.Profile{EventLocation: "Pune", EventCategories: []string{"Education"},
	NextEventDate: "2027-04-12", Audience: 300, Verified: true, Reliable: true}

func codes(rs []eligibility.Reason) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.Code)
	}
	return out
}

func TestEachRuleFailsWithItsSentence(t *testing.T) {
	cases := []struct {
		name    string
		c       eligibility.Criteria
		cap     int
		count   int
		change  func(p *eligibility.Profile)
		message string // "" when eligible
	}{
		{name: "no rules", change: func(p *eligibility.Profile) { *p = eligibility.Profile{} }},
		{name: "cap reached", cap: 50, count: 50, message: "This sponsorship has all the applications it takes (50)."},
		{name: "cap over", cap: 3, count: 5, message: "This sponsorship has all the applications it takes (3)."},
		{name: "cap with room", cap: 3, count: 2},
		{name: "one place", c: eligibility.Criteria{Locations: []string{"Mumbai"}},
			message: "This sponsor supports events in Mumbai only."},
		{name: "two places", c: eligibility.Criteria{Locations: []string{"Mumbai", "Delhi"}},
			message: "This sponsor supports events in Mumbai and Delhi only."},
		{name: "three places", c: eligibility.Criteria{Locations: []string{"Mumbai", "Delhi", "Goa"}},
			message: "This sponsor supports events in Mumbai, Delhi and Goa only."},
		{name: "online only", c: eligibility.Criteria{Locations: []string{"Online"}},
			message: "This sponsor supports online events only."},
		{name: "a place and online", c: eligibility.Criteria{Locations: []string{"Mumbai", "Online"}},
			message: "This sponsor supports events in Mumbai and online events only."},
		{name: "no place stated", c: eligibility.Criteria{Locations: []string{"Pune"}},
			change: func(p *eligibility.Profile) { p.EventLocation = "" }, message: "This sponsor supports events in Pune only."},
		{name: "place in another case", c: eligibility.Criteria{Locations: []string{"PUNE"}}},
		{name: "place inside the member's", c: eligibility.Criteria{Locations: []string{"Pune"}},
			change: func(p *eligibility.Profile) { p.EventLocation = "Pune, Maharashtra" }},
		{name: "member's place inside the rule's", c: eligibility.Criteria{Locations: []string{"Greater Pune"}}},
		{name: "online member, online rule", c: eligibility.Criteria{Locations: []string{"Mumbai", "Online"}},
			change: func(p *eligibility.Profile) { p.EventLocation = "online" }},
		{name: "online member, city rule", c: eligibility.Criteria{Locations: []string{"Pune"}},
			change: func(p *eligibility.Profile) { p.EventLocation = "Online" }, message: "This sponsor supports events in Pune only."},
		{name: "city member, online rule", c: eligibility.Criteria{Locations: []string{"Online"}},
			message: "This sponsor supports online events only."},
		{name: "one category", c: eligibility.Criteria{Categories: []string{"Arts"}},
			message: "This sponsor supports Arts events only."},
		{name: "two categories", c: eligibility.Criteria{Categories: []string{"Arts", "Healthcare"}},
			message: "This sponsor supports Arts and Healthcare events only."},
		{name: "three categories", c: eligibility.Criteria{Categories: []string{"Arts", "Healthcare", "Business"}},
			message: "This sponsor supports Arts, Healthcare and Business events only."},
		{name: "one shared category", c: eligibility.Criteria{Categories: []string{"Arts", "Education"}}},
		{name: "window, before", c: eligibility.Criteria{EventFrom: "2027-05-01", EventTo: "2027-06-30"},
			message: "This sponsor supports events between May 1, 2027 and Jun 30, 2027 only."},
		{name: "window, after", c: eligibility.Criteria{EventFrom: "2027-03-01", EventTo: "2027-04-11"},
			message: "This sponsor supports events between Mar 1, 2027 and Apr 11, 2027 only."},
		{name: "window, on its first day", c: eligibility.Criteria{EventFrom: "2027-04-12", EventTo: "2027-06-30"}},
		{name: "window, on its last day", c: eligibility.Criteria{EventFrom: "2027-03-01", EventTo: "2027-04-12"}},
		{name: "from, before", c: eligibility.Criteria{EventFrom: "2027-04-13"},
			message: "This sponsor supports events from Apr 13, 2027 on only."},
		{name: "from, after", c: eligibility.Criteria{EventFrom: "2027-04-01"}},
		{name: "until, after", c: eligibility.Criteria{EventTo: "2027-04-11"},
			message: "This sponsor supports events until Apr 11, 2027 only."},
		{name: "until, before", c: eligibility.Criteria{EventTo: "2027-12-31"}},
		{name: "no date stated", c: eligibility.Criteria{EventTo: "2027-12-31"},
			change: func(p *eligibility.Profile) { p.NextEventDate = "" }, message: "This sponsor supports events until Dec 31, 2027 only."},
		{name: "audience below", c: eligibility.Criteria{MinAudience: 301},
			message: "This sponsor asks for an audience of at least 301."},
		{name: "audience in thousands", c: eligibility.Criteria{MinAudience: 12500},
			message: "This sponsor asks for an audience of at least 12,500."},
		{name: "audience equal", c: eligibility.Criteria{MinAudience: 300}},
		{name: "audience not stated", c: eligibility.Criteria{MinAudience: 1},
			change: func(p *eligibility.Profile) { p.Audience = 0 }, message: "This sponsor asks for an audience of at least 1."},
		{name: "not verified", c: eligibility.Criteria{VerifiedOnly: true},
			change: func(p *eligibility.Profile) { p.Verified = false }, message: "This sponsor takes applications from verified members only."},
		{name: "not reliable", c: eligibility.Criteria{ReliableOnly: true},
			change: func(p *eligibility.Profile) { p.Reliable = false }, message: "This sponsor takes applications from reliable members only."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := eligible
			if tc.change != nil {
				tc.change(&p)
			}
			got := eligibility.Check(tc.c, tc.cap, tc.count, p)
			if tc.message == "" {
				if len(got) != 0 {
					t.Fatalf("eligible, got %v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Message != tc.message {
				t.Fatalf("got %v, want the one sentence %q", got, tc.message)
			}
		})
	}
}

func TestEveryFailedRuleInTheDocumentedOrder(t *testing.T) {
	c := eligibility.Criteria{Locations: []string{"Pune"}, Categories: []string{"Arts"}, EventFrom: "2027-01-01",
		MinAudience: 10, VerifiedOnly: true, ReliableOnly: true}
	got := codes(eligibility.Check(c, 1, 1, eligibility.Profile{}))
	want := []string{"cap", "location", "category", "eventDate", "audience", "verified", "reliable"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("codes %v, want %v", got, want)
	}
	if got := eligibility.Check(eligibility.Criteria{}, 0, 0, eligibility.Profile{}); got == nil || len(got) != 0 {
		t.Fatalf("no rules: %#v, want an empty list (it answers [] as JSON)", got)
	}
}

func TestTheRefusalIs422WithOneEntryPerRule(t *testing.T) {
	reasons := eligibility.Check(eligibility.Criteria{Locations: []string{"Pune", "Mumbai"}, VerifiedOnly: true}, 0, 0,
		eligibility.Profile{EventLocation: "Delhi"})
	r := eligibility.Refused(reasons)
	if r.Kind != refusal.Unprocessable || r.Message != "This sponsor supports events in Pune and Mumbai only." {
		t.Fatalf("refusal %v %q", r.Kind, r.Message)
	}
	raw, err := json.Marshal(router.NewApiError(http.StatusUnprocessableEntity, r.Message, r.Fields))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"data":{"location":{"code":"location","message":"This sponsor supports events in Pune and Mumbai only."},` +
		`"verified":{"code":"verified","message":"This sponsor takes applications from verified members only."}},` +
		`"message":"This sponsor supports events in Pune and Mumbai only.","status":422}`
	if string(raw) != want {
		t.Fatalf("wire\n%s\nwant\n%s", raw, want)
	}
}

// A page of 20 offers with every rule, checked for one member who fails
// them all: what a list page adds for eligibility, its cards' rules
// prepared once (Prepared) or not (Check).
func BenchmarkCheckAPageOf20(b *testing.B) {
	c := eligibility.Criteria{Locations: []string{"Mumbai", "Delhi", "Online"}, Categories: []string{"Arts", "Business"},
		EventFrom: "2027-05-01", EventTo: "2027-06-30", MinAudience: 500, VerifiedOnly: true, ReliableOnly: true}
	b.Run("Check", func(b *testing.B) {
		for b.Loop() {
			for range 20 {
				_ = eligibility.Check(c, 50, 50, eligibility.Profile{EventLocation: "Pune"})
			}
		}
	})
	b.Run("Prepared", func(b *testing.B) {
		r := eligibility.Prepare(c, 50, 50)
		for b.Loop() {
			for range 20 {
				_ = r.Check(eligibility.Profile{EventLocation: "Pune"})
			}
		}
	})
}
