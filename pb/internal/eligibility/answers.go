package eligibility

import (
	"encoding/json"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/apierr"
)

// Answer is an applicant's answer kept with the question as it was asked:
// Value is a number (number), a bool (yesno) or a string.
type Answer struct {
	QuestionID string `json:"questionId"`
	Label      string `json:"label"`
	Kind       string `json:"kind"`
	Value      any    `json:"value"`
}

// CleanAnswers checks an applicant's answers (by question id) to the
// questions qs and answers them in the questions' order, each with its
// question; field errors are keyed answers.{id}. Answers to unknown ids
// are ignored; null and "" are no answer.
func CleanAnswers(qs []Question, given map[string]json.RawMessage) ([]Answer, error) {
	out := []Answer{}
	errs := validation.Errors{}
	for _, q := range qs {
		key := "answers." + q.ID
		var raw any
		if b, ok := given[q.ID]; ok {
			if err := json.Unmarshal(b, &raw); err != nil {
				raw = false // not JSON: no answer of any kind (the body was read, so this cannot happen)
			}
		}
		v, ok := answerOf(q.Kind, raw)
		switch {
		case v == nil && ok && q.Required:
			errs[key] = apierr.Field("validation_required", "This question needs an answer")
		case !ok:
			errs[key] = kindError(q.Kind)
		case v != nil:
			out = append(out, Answer{QuestionID: q.ID, Label: q.Label, Kind: q.Kind, Value: v})
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	// stored with the questions' labels in a field of MaxStoredAnswers:
	// only long answers in a script of several bytes a character reach it
	if raw, err := json.Marshal(out); err != nil || len(raw) > MaxStoredAnswers {
		return nil, validation.Errors{"answers": apierr.Field("validation_too_long", "Your answers are too long: shorten the longest")}
	}
	return out, nil
}

// DecodeAnswers reads answers stored as JSON ([] when none).
func DecodeAnswers(stored string) []Answer {
	var out []Answer
	if stored != "" {
		_ = json.Unmarshal([]byte(stored), &out)
	}
	if out == nil {
		out = []Answer{}
	}
	return out
}

// answerOf is raw as an answer of kind: nil and true when there is none,
// false when it is not one.
func answerOf(kind string, raw any) (any, bool) {
	if s, isText := raw.(string); isText {
		s = strings.TrimSpace(s)
		if s == "" {
			return nil, true
		}
		raw = s
	}
	if raw == nil {
		return nil, true
	}
	switch kind {
	case KindNumber:
		var n float64
		switch x := raw.(type) {
		case float64:
			n = x
		case string:
			parsed, err := strconv.ParseFloat(x, 64)
			if err != nil {
				return nil, false
			}
			n = parsed
		default:
			return nil, false
		}
		if math.IsNaN(n) || math.Abs(n) > MaxNumber {
			return nil, false
		}
		return n, true
	case KindYesNo:
		b, ok := raw.(bool)
		return b, ok
	case KindLink:
		s, ok := raw.(string)
		if !ok || utf8.RuneCountInString(s) > MaxLinkAnswer {
			return nil, false
		}
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, false
		}
		return s, true
	}
	if n, isNumber := raw.(float64); isNumber {
		raw = strconv.FormatFloat(n, 'f', -1, 64) // a number typed into a text answer is its text
	}
	max := MaxShortAnswer
	if kind == KindLong {
		max = MaxLongAnswer
	}
	s, ok := raw.(string)
	if !ok || utf8.RuneCountInString(s) > max || !utf8.ValidString(s) {
		return nil, false
	}
	return s, true
}

func kindError(kind string) error {
	switch kind {
	case KindNumber:
		return apierr.Field("validation_number", "Enter a number")
	case KindYesNo:
		return apierr.Field("validation_yesno", "Answer yes or no")
	case KindLink:
		return apierr.Field("validation_link", "Enter a link starting with http:// or https://")
	case KindLong:
		return apierr.Field("validation_too_long", "An answer must be at most "+strconv.Itoa(MaxLongAnswer)+" characters")
	}
	return apierr.Field("validation_too_long", "An answer must be at most "+strconv.Itoa(MaxShortAnswer)+" characters")
}
