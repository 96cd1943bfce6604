package listings

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/tiers"
	"sponsorbridge/pb/internal/when"
)

// The limits of a listing's fields (characters, and whole dollars for the
// amount); the web app's form reads the same numbers from the generated
// contract (web/src/lib/api-types.gen.ts, limits).
const (
	MaxTitle       = 120
	MaxDescription = 5000
	MaxLocation    = 120
	MaxAmount      = 1_000_000_000
)

// ListingInput is the body of a post or an edit. Pointer fields are nil
// when the body leaves them out (an edit changes only what it names).
// Fields a member may not set (owner, flags) are simply not part of it.
// The amount is the number or numeric string the member typed (coerceAmount).
type ListingInput struct {
	Title           *string          `json:"title"`
	Description     *string          `json:"description"`
	Amount          *json.RawMessage `json:"amount"`
	RequestedAmount *json.RawMessage `json:"requestedAmount"`
	Location        *string          `json:"location"`
	Categories      *[]string        `json:"categories"`
	EventDate       *string          `json:"eventDate"`
	Status          *string          `json:"status"`
	// A request's packages (docs/api/packages.md); an offer ignores them,
	// as it ignores eventDate.
	Tiers              *[]tiers.Input `json:"tiers"`
	AnyAmount          *bool          `json:"anyAmount"`
	HoldDays           *float64       `json:"holdDays"`
	ClashingIndustries *[]string      `json:"clashingIndustries"`
	// An offer's criteria, questions and cap (docs/api/eligibility.md); a
	// request ignores them.
	Criteria       eligibility.CriteriaInput `json:"criteria,omitzero"`
	Questions      *[]eligibility.Question   `json:"questions"`
	ApplicationCap *float64                  `json:"applicationCap"`
}

// cleaned is a validated form.
type cleaned struct {
	title, description, location, eventDate, status *string
	amount                                          *int64
	categories                                      []string
	// a request's packages: nil when unchanged
	tiers     *[]tiers.Spec
	packages  *tiers.Change // planned in the edit's transaction
	tiersOnly *bool
	holdDays  *int
	clashing  []string
	// an offer's rules: nil when unchanged
	criteria  *eligibility.Criteria
	questions *[]eligibility.Question
	cap       *int
}

// validate checks the form for a new listing (current nil), which requires
// every required field, or an edit of current.
func (f *ListingInput) validate(kind Kind, current *core.Record, now time.Time) (*cleaned, error) {
	creating := current == nil
	out := &cleaned{}
	errs := validation.Errors{}

	text := func(field string, v *string, label string, max int, required bool) *string {
		if v == nil {
			if creating && required {
				errs[field] = apierr.Field("validation_required", label+" is required")
			}
			return nil
		}
		s := strings.TrimSpace(*v)
		switch {
		case required && s == "":
			errs[field] = apierr.Field("validation_required", label+" is required")
		case utf8.RuneCountInString(s) > max:
			errs[field] = apierr.Field("validation_too_long", label+" must be at most "+strconv.Itoa(max)+" characters")
		}
		return &s
	}
	out.title = text("title", f.Title, "Title", MaxTitle, true)
	out.description = text("description", f.Description, "Description", MaxDescription, true)
	out.location = text("location", f.Location, "Location", MaxLocation, false)

	rawAmount := f.Amount
	if kind.IsRequest {
		rawAmount = f.RequestedAmount
	}
	if rawAmount != nil || creating {
		n, err := coerceAmount(rawAmount)
		if err != nil {
			errs[kind.AmountField] = err
		} else {
			out.amount = &n
		}
	}

	if f.Categories != nil || creating {
		var names []string
		if f.Categories != nil {
			names = *f.Categories
		}
		cats, err := cleanCategories(names)
		if err != nil {
			errs["categories"] = err
		} else {
			out.categories = cats
		}
	}

	if kind.IsRequest {
		if f.EventDate != nil {
			date, err := parseEventDate(*f.EventDate, now)
			if err != nil {
				errs["eventDate"] = err
			} else {
				out.eventDate = &date
			}
		}
	}
	if kind.IsRequest {
		f.packages(out, current, errs)
	} else {
		f.rules(out, errs)
	}
	// Both kinds are closed and reopened by their poster.
	if f.Status != nil && !creating {
		s := strings.TrimSpace(*f.Status)
		if s != StatusOpen && s != StatusClosed {
			errs["status"] = apierr.Field("validation_invalid_status", "Status can only be set to open or closed")
		} else {
			out.status = &s
		}
	}

	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// apply copies the validated fields onto a record.
func (c *cleaned) apply(record *core.Record, kind Kind) {
	if c.title != nil {
		record.Set("title", *c.title)
	}
	if c.description != nil {
		record.Set("description", *c.description)
	}
	if c.amount != nil {
		record.Set(kind.AmountField, *c.amount)
	}
	if c.location != nil {
		record.Set("location", *c.location)
	}
	if c.categories != nil {
		record.Set("categories", c.categories)
	}
	if kind.IsRequest && c.eventDate != nil {
		record.Set("eventDate", *c.eventDate)
	}
	if c.status != nil {
		record.Set("status", *c.status)
	}
	if !kind.IsRequest {
		c.applyRules(record)
		return
	}
	if c.tiers != nil {
		record.Set("hasTiers", len(*c.tiers) > 0)
	}
	if c.tiersOnly != nil {
		record.Set("tiersOnly", *c.tiersOnly)
	}
	if c.holdDays != nil {
		record.Set("holdDays", *c.holdDays)
	}
	if c.clashing != nil {
		record.Set("clashingIndustries", c.clashing)
	}
}

// packages checks a request's packages and their settings, for a new
// request (current nil) or an edit of current: the prices against the
// amount the request will have, "Any amount" off only with packages.
func (f *ListingInput) packages(out *cleaned, current *core.Record, errs validation.Errors) {
	var requested int64
	hasTiers := false
	tiersOnly := false
	if current != nil {
		requested = int64(current.GetInt(Requests.AmountField))
		hasTiers, tiersOnly = current.GetBool("hasTiers"), current.GetBool("tiersOnly")
	}
	if out.amount != nil {
		requested = *out.amount
	}
	if f.Tiers != nil {
		specs := tiers.Clean(*f.Tiers, requested, errs)
		out.tiers = &specs
		hasTiers = len(*f.Tiers) > 0
	}
	if f.AnyAmount != nil {
		tiersOnly = !*f.AnyAmount
		out.tiersOnly = &tiersOnly
	}
	if tiersOnly && !hasTiers {
		errs["anyAmount"] = apierr.Field("validation_any_amount", `Turn "Any amount" on, or add a package`)
	}
	out.holdDays = tiers.CleanHoldDays(f.HoldDays, errs)
	out.clashing = tiers.CleanClashing(f.ClashingIndustries, errs)
}

// rules checks an offer's criteria, questions and cap, those the body names.
func (f *ListingInput) rules(out *cleaned, errs validation.Errors) {
	if f.Criteria.Named() {
		c := eligibility.CleanCriteria(f.Criteria, errs)
		out.criteria = &c
	}
	if f.Questions != nil {
		qs := eligibility.CleanQuestions(*f.Questions, errs)
		out.questions = &qs
	}
	if f.ApplicationCap != nil {
		n := eligibility.CleanCap(*f.ApplicationCap, errs)
		out.cap = &n
	}
}

// applyRules copies an offer's validated rules onto its record (criteria
// that set no rule are stored as none).
func (c *cleaned) applyRules(record *core.Record) {
	if c.criteria != nil {
		if c.criteria.Empty() {
			record.Set("criteria", nil)
		} else {
			record.Set("criteria", *c.criteria)
		}
	}
	if c.questions != nil {
		if len(*c.questions) == 0 {
			record.Set("questions", nil)
		} else {
			record.Set("questions", *c.questions)
		}
	}
	if c.cap != nil {
		record.Set("applicationCap", *c.cap)
	}
}

// changesContent tells whether an update touches what moderators reviewed
// (an offer's questions are text members read).
func (c *cleaned) changesContent() bool {
	return c.title != nil || c.description != nil || c.amount != nil || c.location != nil ||
		c.categories != nil || c.eventDate != nil || c.tiers != nil || c.questions != nil
}

// coerceAmount turns a JSON number or numeric string into whole dollars,
// as the spec coerces the amount field to a number.
func coerceAmount(raw *json.RawMessage) (int64, error) {
	tooSmall := apierr.Field("validation_min_amount", "Amount must be greater than 0")
	if raw == nil {
		return 0, tooSmall
	}
	var v any
	if err := json.Unmarshal(*raw, &v); err != nil {
		return 0, tooSmall
	}
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case string:
		parsed, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil {
			return 0, tooSmall
		}
		f = parsed
	default:
		return 0, tooSmall
	}
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0) || f < 1:
		return 0, tooSmall
	case f != math.Trunc(f):
		return 0, apierr.Field("validation_whole_amount", "Amount must be a whole number")
	case f > MaxAmount:
		return 0, apierr.Field("validation_max_amount", "Amount must be at most 1,000,000,000")
	}
	return int64(f), nil
}

func cleanCategories(names []string) ([]string, error) {
	var out []string
	for _, name := range names {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		canonical, ok := canonicalCategory(name)
		if !ok {
			return nil, apierr.Field("validation_unknown_category", "Unknown category")
		}
		out = appendUnique(out, canonical)
	}
	if len(out) == 0 {
		return nil, apierr.Field("validation_required", "Select at least one category")
	}
	return out, nil
}

// parseEventDate accepts "", a calendar date or an RFC 3339 time, and
// answers PocketBase's stored form. An event cannot lie in the past.
func parseEventDate(raw string, now time.Time) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	var t time.Time
	var err error
	for _, layout := range []string{"2006-01-02", time.RFC3339, "2006-01-02T15:04", when.StoredLayout} {
		if t, err = time.Parse(layout, raw); err == nil {
			break
		}
	}
	if err != nil {
		return "", apierr.Field("validation_invalid_date", "Event date is not a valid date")
	}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).Add(-24 * time.Hour)
	if t.Before(today) {
		return "", apierr.Field("validation_past_date", "Event date cannot be in the past")
	}
	if t.After(now.AddDate(10, 0, 0)) {
		return "", apierr.Field("validation_far_date", "Event date must be within the next 10 years")
	}
	return when.Stored(t), nil
}
