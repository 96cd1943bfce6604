package tiers

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/industry"
)

// Input is one package as a poster's create or edit body names it.
type Input struct {
	// ID names an existing package on an edit; absent: a new one.
	ID        string    `json:"id,omitzero"`
	Name      string    `json:"name"`
	Price     float64   `json:"price"`
	Quantity  float64   `json:"quantity"`
	Benefits  []Benefit `json:"benefits"`
	SaleStart string    `json:"saleStart,omitzero"`
	SaleEnd   string    `json:"saleEnd,omitzero"`
	Exclusive bool      `json:"exclusive"`
}

// Spec is a validated package, ready to store.
type Spec struct {
	ID, Name           string
	Price              int64
	Quantity           int
	Benefits           []Benefit
	SaleStart, SaleEnd string
	Exclusive          bool
}

// Clean checks the packages of a body for a request of requested dollars,
// adding its field errors (keys tiers.N.field) to errs, and answers them
// validated.
func Clean(in []Input, requested int64, errs validation.Errors) []Spec {
	if len(in) > MaxTiers {
		errs["tiers"] = apierr.Field("validation_too_many", "A request has at most "+strconv.Itoa(MaxTiers)+" packages")
		return nil
	}
	out := make([]Spec, 0, len(in))
	names := map[string]bool{}
	for n, t := range in {
		key := "tiers." + strconv.Itoa(n) + "."
		s := Spec{ID: strings.TrimSpace(t.ID), Name: strings.TrimSpace(t.Name), Exclusive: t.Exclusive,
			SaleStart: strings.TrimSpace(t.SaleStart), SaleEnd: strings.TrimSpace(t.SaleEnd)}
		switch folded := strings.ToLower(s.Name); {
		case s.Name == "":
			errs[key+"name"] = apierr.Field("validation_required", "Package name is required")
		case utf8.RuneCountInString(s.Name) > MaxName || !utf8.ValidString(s.Name):
			errs[key+"name"] = apierr.Field("validation_too_long", "Package name must be at most "+strconv.Itoa(MaxName)+" characters")
		case names[folded]:
			errs[key+"name"] = apierr.Field("validation_not_unique", "Two packages cannot have the same name")
		default:
			names[folded] = true
		}
		switch p := t.Price; {
		case math.IsNaN(p) || math.IsInf(p, 0) || p != math.Trunc(p):
			errs[key+"price"] = apierr.Field("validation_whole_amount", "Price must be a whole number of dollars")
		case p < 1:
			errs[key+"price"] = apierr.Field("validation_min_amount", "Price must be at least 1")
		case requested > 0 && p > float64(requested):
			errs[key+"price"] = apierr.Field("validation_max_amount", "Price cannot be more than the requested amount")
		default:
			s.Price = int64(p)
		}
		if q := t.Quantity; q != math.Trunc(q) || q < 0 || q > MaxQuantity {
			errs[key+"quantity"] = apierr.Field("validation_quantity", "Quantity must be between 1 and 50, or 0 for unlimited")
		} else {
			s.Quantity = int(q)
		}
		s.Benefits = cleanBenefits(t.Benefits, key+"benefits", errs)
		start, startErr := day(s.SaleStart, key+"saleStart", errs)
		end, endErr := day(s.SaleEnd, key+"saleEnd", errs)
		if startErr == nil && endErr == nil && !start.IsZero() && !end.IsZero() && end.Before(start) {
			errs[key+"saleEnd"] = apierr.Field("validation_sale_window", "The sale cannot end before it starts")
		}
		out = append(out, s)
	}
	return out
}

func cleanBenefits(in []Benefit, key string, errs validation.Errors) []Benefit {
	switch {
	case len(in) == 0:
		errs[key] = apierr.Field("validation_required", "Add at least one benefit")
		return nil
	case len(in) > MaxBenefits:
		errs[key] = apierr.Field("validation_too_many", "A package has at most "+strconv.Itoa(MaxBenefits)+" benefits")
		return nil
	}
	out := make([]Benefit, 0, len(in))
	for m, b := range in {
		b := Benefit{Title: strings.TrimSpace(b.Title), Due: strings.TrimSpace(b.Due)}
		at := key + "." + strconv.Itoa(m) + "."
		switch {
		case b.Title == "":
			errs[at+"title"] = apierr.Field("validation_required", "Benefit is required")
		case utf8.RuneCountInString(b.Title) > MaxBenefitTitle || !utf8.ValidString(b.Title):
			errs[at+"title"] = apierr.Field("validation_too_long", "Benefit must be at most "+strconv.Itoa(MaxBenefitTitle)+" characters")
		}
		_, _ = day(b.Due, at+"due", errs)
		out = append(out, b)
	}
	return out
}

// day parses a YYYY-MM-DD field ("" is no day), adding its field error.
func day(s, key string, errs validation.Errors) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		errs[key] = apierr.Field("validation_invalid_date", "Use a date (YYYY-MM-DD)")
	}
	return d, err
}

// CleanHoldDays checks a hold in days (nil: unchanged).
func CleanHoldDays(in *float64, errs validation.Errors) *int {
	if in == nil {
		return nil
	}
	if d := *in; d != math.Trunc(d) || d < 1 || d > MaxHoldDays {
		errs["holdDays"] = apierr.Field("validation_hold_days", "Hold must be between 1 and 30 days")
		return nil
	}
	d := int(*in)
	return &d
}

// CleanClashing checks the industries a request refuses (nil: unchanged);
// each once, in the list's order.
func CleanClashing(in *[]string, errs validation.Errors) []string {
	if in == nil {
		return nil
	}
	out := []string{}
	for _, e := range industry.All {
		for _, s := range *in {
			if s == string(e.Key) && industry.Competes(e.Key) {
				out = append(out, s)
				break
			}
		}
	}
	for _, s := range *in {
		if !industry.Competes(industry.Industry(s)) {
			errs["clashingIndustries"] = apierr.Field("validation_unknown_industry", "Choose industries from the list")
			return nil
		}
	}
	return out
}
