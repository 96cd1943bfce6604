package eligibility_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/eligibility"
)

func messages(errs validation.Errors) map[string]string {
	out := map[string]string{}
	for k, v := range errs {
		out[k] = v.Error()
	}
	return out
}

func criteriaFrom(t *testing.T, body string) eligibility.CriteriaInput {
	t.Helper()
	var in struct {
		Criteria eligibility.CriteriaInput `json:"criteria"`
	}
	if err := json.Unmarshal([]byte(body), &in); err != nil {
		t.Fatal(err)
	}
	return in.Criteria
}

func TestCriteriaAreNamedByNullAndObjectsAlike(t *testing.T) {
	if criteriaFrom(t, `{}`).Named() {
		t.Fatal("left out, yet named")
	}
	for _, body := range []string{`{"criteria":null}`, `{"criteria":{}}`} {
		in := criteriaFrom(t, body)
		errs := validation.Errors{}
		if c := eligibility.CleanCriteria(in, errs); !in.Named() || !c.Empty() || len(errs) > 0 {
			t.Fatalf("%s: named %v, criteria %+v, errors %v", body, in.Named(), c, errs)
		}
	}
}

func TestCriteriaAreCleaned(t *testing.T) {
	in := criteriaFrom(t, `{"criteria":{"locations":[" Pune ","online",""],"categories":["education","Arts","Education"],
		"eventFrom":"2027-03-01","eventTo":"2027-03-01","minAudience":200,"verifiedOnly":true}}`)
	errs := validation.Errors{}
	got := eligibility.CleanCriteria(in, errs)
	want := eligibility.Criteria{Locations: []string{"Pune", "Online"}, Categories: []string{"Education", "Arts"},
		EventFrom: "2027-03-01", EventTo: "2027-03-01", MinAudience: 200, VerifiedOnly: true}
	if len(errs) > 0 || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v %v, want %+v", got, errs, want)
	}
}

func TestCriteriaFieldMessages(t *testing.T) {
	eleven := `"a","b","c","d","e","f","g","h","i","j","k"`
	cases := []struct{ body, key, message string }{
		{`{"locations":[` + eleven + `]}`, "criteria.locations", "At most 10 locations"},
		{`{"locations":["` + strings.Repeat("x", 81) + `"]}`, "criteria.locations", "Each location must be at most 80 characters"},
		{`{"locations":["Pune","PUNE"]}`, "criteria.locations", "Each location may appear only once"},
		{`{"categories":["Sports"]}`, "criteria.categories", "Choose categories from the list"},
		{`{"eventFrom":"2027-02-30"}`, "criteria.eventFrom", "Enter a valid date"},
		{`{"eventTo":"next week"}`, "criteria.eventTo", "Enter a valid date"},
		{`{"eventFrom":"2027-03-02","eventTo":"2027-03-01"}`, "criteria.eventTo", "The last event date must be on or after the first"},
		{`{"minAudience":-1}`, "criteria.minAudience", "Minimum audience must be a whole number from 0 to 1,000,000,000"},
		{`{"minAudience":1.5}`, "criteria.minAudience", "Minimum audience must be a whole number from 0 to 1,000,000,000"},
		{`{"minAudience":1000000001}`, "criteria.minAudience", "Minimum audience must be a whole number from 0 to 1,000,000,000"},
	}
	for _, tc := range cases {
		errs := validation.Errors{}
		eligibility.CleanCriteria(criteriaFrom(t, `{"criteria":`+tc.body+`}`), errs)
		if got := messages(errs); len(got) != 1 || got[tc.key] != tc.message {
			t.Errorf("%s: %v, want %s: %s", tc.body, got, tc.key, tc.message)
		}
	}
	errs := validation.Errors{}
	eligibility.CleanCriteria(criteriaFrom(t, `{"criteria":{"locations":[`+eleven[:len(eleven)-4]+`],"minAudience":1000000000}}`), errs)
	if len(errs) > 0 {
		t.Fatalf("10 places and the largest audience: %v", errs)
	}
}

func TestTheCap(t *testing.T) {
	for v, ok := range map[float64]bool{0: true, 1: true, 500: true, 501: false, -1: false, 2.5: false} {
		errs := validation.Errors{}
		eligibility.CleanCap(v, errs)
		if got := messages(errs)["applicationCap"]; (got == "") != ok || (!ok && got != "The application cap must be from 1 to 500") {
			t.Errorf("cap %v: %q", v, got)
		}
	}
}

func TestQuestions(t *testing.T) {
	errs := validation.Errors{}
	got := eligibility.CleanQuestions([]eligibility.Question{
		{Label: " How many students attend? ", Kind: "number", Required: true},
		{ID: "q1", Label: "Link", Kind: "link"},
		{Label: "Anything else?", Kind: "long"},
	}, errs)
	ids := []string{got[0].ID, got[1].ID, got[2].ID}
	if len(errs) > 0 || !reflect.DeepEqual(ids, []string{"q2", "q1", "q3"}) || got[0].Label != "How many students attend?" {
		t.Fatalf("questions %+v, errors %v", got, errs)
	}

	errs = validation.Errors{}
	eligibility.CleanQuestions([]eligibility.Question{
		{ID: "a", Label: "", Kind: "short"},
		{ID: "a", Label: strings.Repeat("x", 201), Kind: "essay"},
		{ID: "no spaces", Label: "ok", Kind: "yesno"},
		{ID: strings.Repeat("x", 21), Label: "ok", Kind: "yesno"},
	}, errs)
	want := map[string]string{
		"questions.0.label": "Write the question",
		"questions.1.id":    "Each question needs its own id",
		"questions.1.label": "A question must be at most 200 characters",
		"questions.1.kind":  "Choose short text, long text, number, yes/no or a link",
		"questions.2.id":    "Each question needs its own id",
		"questions.3.id":    "Each question needs its own id",
	}
	if got := messages(errs); !reflect.DeepEqual(got, want) {
		t.Fatalf("errors %v\nwant %v", got, want)
	}

	errs = validation.Errors{}
	six := make([]eligibility.Question, 6)
	for i := range six {
		six[i] = eligibility.Question{Label: "Why?", Kind: "short"}
	}
	eligibility.CleanQuestions(six, errs)
	if got := messages(errs); len(got) != 1 || got["questions"] != "At most 5 questions" {
		t.Fatalf("six questions: %v", got)
	}
}

func TestStoredRulesDecode(t *testing.T) {
	c := eligibility.DecodeCriteria(`{"locations":["Pune"],"minAudience":5}`)
	if !reflect.DeepEqual(c, eligibility.Criteria{Locations: []string{"Pune"}, Categories: []string{}, MinAudience: 5}) {
		t.Fatalf("criteria %+v", c)
	}
	for _, stored := range []string{"", "null", "{}"} {
		raw, _ := json.Marshal(eligibility.DecodeCriteria(stored))
		if string(raw) != `{"locations":[],"categories":[],"eventFrom":"","eventTo":"","minAudience":0,"verifiedOnly":false,"reliableOnly":false}` {
			t.Fatalf("%q answers %s", stored, raw)
		}
		if qs := eligibility.DecodeQuestions(stored); qs == nil || len(qs) != 0 {
			t.Fatalf("%q questions %#v", stored, qs)
		}
	}
}
