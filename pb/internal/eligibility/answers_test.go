package eligibility_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/eligibility"
)

var asked = []eligibility.Question{
	{ID: "students", Label: "How many students attend?", Kind: "number", Required: true},
	{ID: "link", Label: "Link to last year's event", Kind: "link"},
	{ID: "short", Label: "Your school", Kind: "short"},
	{ID: "long", Label: "Your plan", Kind: "long"},
	{ID: "yes", Label: "First time?", Kind: "yesno"},
}

func answersFrom(t *testing.T, body string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAnswersAreKeptWithTheQuestionsAsAsked(t *testing.T) {
	got, err := eligibility.CleanAnswers(asked, answersFrom(t,
		`{"students":"120","link":"https://example.org/x","short":"","yes":false,"unknown":"ignored","long":null}`))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(got)
	want := `[{"questionId":"students","label":"How many students attend?","kind":"number","value":120},` +
		`{"questionId":"link","label":"Link to last year's event","kind":"link","value":"https://example.org/x"},` +
		`{"questionId":"yes","label":"First time?","kind":"yesno","value":false}]`
	if string(raw) != want {
		t.Fatalf("stored\n%s\nwant\n%s", raw, want)
	}
	if back := eligibility.DecodeAnswers(string(raw)); len(back) != 3 || back[0].Value != 120.0 {
		t.Fatalf("decoded %+v", back)
	}
}

func TestAnswerFieldMessages(t *testing.T) {
	cases := []struct{ body, key, message string }{
		{`{}`, "answers.students", "This question needs an answer"},
		{`{"students":"  "}`, "answers.students", "This question needs an answer"},
		{`{"students":"many"}`, "answers.students", "Enter a number"},
		{`{"students":true}`, "answers.students", "Enter a number"},
		{`{"students":2e12}`, "answers.students", "Enter a number"},
		{`{"students":1,"yes":"yes"}`, "answers.yes", "Answer yes or no"},
		{`{"students":1,"link":"example.org"}`, "answers.link", "Enter a link starting with http:// or https://"},
		{`{"students":1,"link":"ftp://example.org"}`, "answers.link", "Enter a link starting with http:// or https://"},
		{`{"students":1,"link":"https://example.org/` + strings.Repeat("x", 500) + `"}`, "answers.link", "Enter a link starting with http:// or https://"},
		{`{"students":1,"short":"` + strings.Repeat("x", 201) + `"}`, "answers.short", "An answer must be at most 200 characters"},
		{`{"students":1,"long":"` + strings.Repeat("x", 2001) + `"}`, "answers.long", "An answer must be at most 2000 characters"},
	}
	for _, tc := range cases {
		_, err := eligibility.CleanAnswers(asked, answersFrom(t, tc.body))
		var errs validation.Errors
		errors.As(err, &errs)
		if got := messages(errs); len(got) != 1 || got[tc.key] != tc.message {
			t.Errorf("%.60s: %v, want %s: %s", tc.body, got, tc.key, tc.message)
		}
	}
	if _, err := eligibility.CleanAnswers(asked, answersFrom(t,
		`{"students":-1e12,"short":"`+strings.Repeat("é", 200)+`","long":"`+strings.Repeat("x", 2000)+`"}`)); err != nil {
		t.Fatalf("answers at the limits: %v", err)
	}
	if got, err := eligibility.CleanAnswers(asked, answersFrom(t, `{"students":12,"short":42}`)); err != nil ||
		!reflect.DeepEqual(got[1].Value, "42") {
		t.Fatalf("a number for a text question is its text: %+v %v", got, err)
	}
}

func TestAnswersAsStoredAreBounded(t *testing.T) {
	five := []eligibility.Question{}
	given := map[string]json.RawMessage{}
	for i := range 5 {
		id := string(rune('a' + i))
		five = append(five, eligibility.Question{ID: id, Label: "Tell us", Kind: "long"})
		given[id] = json.RawMessage(`"` + strings.Repeat("अ", 1200) + `"`) // 3 bytes a character
	}
	_, err := eligibility.CleanAnswers(five, given)
	var errs validation.Errors
	errors.As(err, &errs)
	if got := messages(errs); len(got) != 1 || got["answers"] != "Your answers are too long: shorten the longest" {
		t.Fatalf("18 KB of answers: %v", got)
	}
	given["e"] = json.RawMessage(`"short"`)
	if _, err := eligibility.CleanAnswers(five, given); err != nil {
		t.Fatalf("14.4 KB of answers: %v", err)
	}
}
