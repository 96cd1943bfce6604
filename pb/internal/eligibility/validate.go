package eligibility

import (
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/search"
)

// CriteriaInput is criteria as a poster sends them on an offer. A body
// that leaves "criteria" out leaves it unchanged (Named false); null and
// {} set none.
type CriteriaInput struct {
	Locations    []string `json:"locations,omitzero"`
	Categories   []string `json:"categories,omitzero"`
	EventFrom    string   `json:"eventFrom,omitzero"`
	EventTo      string   `json:"eventTo,omitzero"`
	MinAudience  float64  `json:"minAudience,omitzero"`
	VerifiedOnly bool     `json:"verifiedOnly,omitzero"`
	ReliableOnly bool     `json:"reliableOnly,omitzero"`
	named        bool
}

// UnmarshalJSON notes that the body named the criteria, null included.
func (in *CriteriaInput) UnmarshalJSON(b []byte) error {
	type plain CriteriaInput
	var p plain
	if string(b) != "null" {
		if err := json.Unmarshal(b, &p); err != nil {
			return err
		}
	}
	*in = CriteriaInput(p)
	in.named = true
	return nil
}

// Named tells whether the body named the criteria.
func (in CriteriaInput) Named() bool { return in.named }

// CleanCriteria checks criteria a poster sent, adding field errors
// (criteria.locations, ...) to errs, and answers them cleaned: places
// trimmed (online spelled Online), categories as the catalogue spells them.
func CleanCriteria(in CriteriaInput, errs validation.Errors) Criteria {
	out := Criteria{VerifiedOnly: in.VerifiedOnly, ReliableOnly: in.ReliableOnly}
	seen := map[string]bool{}
	for _, place := range in.Locations {
		place = strings.TrimSpace(place)
		if place == "" {
			continue
		}
		if strings.EqualFold(place, Online) {
			place = Online
		}
		folded := search.Fold(place)
		switch {
		case utf8.RuneCountInString(place) > MaxPlace || !utf8.ValidString(place):
			errs["criteria.locations"] = apierr.Field("validation_too_long", "Each location must be at most "+strconv.Itoa(MaxPlace)+" characters")
		case seen[folded]:
			errs["criteria.locations"] = apierr.Field("validation_not_unique", "Each location may appear only once")
		}
		seen[folded] = true
		out.Locations = append(out.Locations, place)
	}
	if len(out.Locations) > MaxLocations {
		errs["criteria.locations"] = apierr.Field("validation_too_many", "At most "+strconv.Itoa(MaxLocations)+" locations")
	}
	var ok bool
	if out.Categories, ok = CleanCategories(in.Categories); !ok {
		errs["criteria.categories"] = errCategories
	}
	from, fromOK := CleanDate(in.EventFrom)
	if !fromOK {
		errs["criteria.eventFrom"] = errDate
	}
	to, toOK := CleanDate(in.EventTo)
	switch {
	case !toOK:
		errs["criteria.eventTo"] = errDate
	case fromOK && from != "" && to != "" && to < from:
		errs["criteria.eventTo"] = apierr.Field("validation_date_order", "The last event date must be on or after the first")
	}
	out.EventFrom, out.EventTo = from, to
	if n, ok := WholeNumber(in.MinAudience, MaxAudience); ok {
		out.MinAudience = n
	} else {
		errs["criteria.minAudience"] = apierr.Field("validation_audience", "Minimum audience must be a whole number from 0 to 1,000,000,000")
	}
	return out.answered()
}

// CleanCap checks an offer's application cap (0: none, else 1–500).
func CleanCap(v float64, errs validation.Errors) int {
	n, ok := WholeNumber(v, MaxCap)
	if !ok {
		errs["applicationCap"] = apierr.Field("validation_cap", "The application cap must be from 1 to "+strconv.Itoa(MaxCap))
	}
	return n
}

var questionID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,20}$`)

// CleanQuestions checks an offer's questions, adding field errors
// (questions, questions.{i}.label, ...) to errs, and answers them cleaned:
// a question without an id gets the first free of q1, q2, ...
func CleanQuestions(in []Question, errs validation.Errors) []Question {
	out := []Question{}
	if len(in) > MaxQuestions {
		errs["questions"] = apierr.Field("validation_too_many", "At most "+strconv.Itoa(MaxQuestions)+" questions")
		return out
	}
	ids := map[string]bool{}
	for _, q := range in {
		ids[strings.TrimSpace(q.ID)] = true
	}
	seen := map[string]bool{}
	for i, q := range in {
		key := "questions." + strconv.Itoa(i) + "."
		q.ID, q.Label, q.Kind = strings.TrimSpace(q.ID), strings.TrimSpace(q.Label), strings.TrimSpace(q.Kind)
		if q.ID == "" {
			for n := 1; ; n++ {
				if id := "q" + strconv.Itoa(n); !ids[id] {
					q.ID, ids[id] = id, true
					break
				}
			}
		}
		if !questionID.MatchString(q.ID) || seen[q.ID] {
			errs[key+"id"] = apierr.Field("validation_question_id", "Each question needs its own id")
		}
		seen[q.ID] = true
		switch {
		case q.Label == "":
			errs[key+"label"] = apierr.Field("validation_required", "Write the question")
		case utf8.RuneCountInString(q.Label) > MaxLabel || !utf8.ValidString(q.Label):
			errs[key+"label"] = apierr.Field("validation_too_long", "A question must be at most "+strconv.Itoa(MaxLabel)+" characters")
		}
		if !slices.Contains(Kinds, q.Kind) {
			errs[key+"kind"] = apierr.Field("validation_question_kind", "Choose short text, long text, number, yes/no or a link")
		}
		out = append(out, q)
	}
	return out
}

var (
	errCategories = apierr.Field("validation_unknown_category", "Choose categories from the list")
	errDate       = apierr.Field("validation_invalid_date", "Enter a valid date")
)

// CleanCategories spells names as the catalogue does, each once; false
// when one is not a listing category.
func CleanCategories(names []string) ([]string, bool) {
	out := []string{}
	for _, name := range names {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		i := slices.IndexFunc(catalog.Categories, func(c string) bool { return strings.EqualFold(c, name) })
		if i < 0 {
			return nil, false
		}
		if !slices.Contains(out, catalog.Categories[i]) {
			out = append(out, catalog.Categories[i])
		}
	}
	return out, true
}

// CategoriesError is the field error of categories not from the list.
func CategoriesError() error { return errCategories }

// DateError is the field error of a date that is not YYYY-MM-DD.
func DateError() error { return errDate }

// CleanDate checks a "YYYY-MM-DD" date ("" is none), trimmed.
func CleanDate(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", true
	}
	if _, err := time.Parse("2006-01-02", s); err != nil {
		return "", false
	}
	return s, true
}

// WholeNumber is v as an int when it is a whole number from 0 to max.
func WholeNumber(v float64, max int) (int, bool) {
	if math.IsNaN(v) || v < 0 || v > float64(max) || v != math.Trunc(v) {
		return 0, false
	}
	return int(v), true
}
