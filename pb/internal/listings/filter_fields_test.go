package listings_test

import (
	"encoding/json"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/search"
)

// notChosen are search.Filter's fields that are not a member's choice (no
// filter field): the list routes, matches and saved searches set them.
var notChosen = []string{"LocationEitherWay", "Status", "PosterID", "ExcludePosterID", "IncludeHidden", "Industry", "Applicant"}

// sampleParam is a list parameter's value of each kind that narrows the list.
var sampleParam = map[listings.FilterValue]string{
	listings.FilterText: "Pune", listings.FilterCategories: "Arts", listings.FilterAmount: "100", listings.FilterFlag: "true",
}

// Every search.Filter field is either a declared filter field or one the
// server sets, and every StoredFilter key is a declared field's: a new
// condition cannot reach the engine or the saved searches undeclared.
func TestEveryFilterConditionIsDeclared(t *testing.T) {
	declared := map[string]bool{}
	saved := map[string]bool{}
	for _, d := range listings.FilterFields {
		declared[d.Filter] = true
		saved[d.Saved] = true
	}
	for _, f := range reflect.VisibleFields(reflect.TypeFor[search.Filter]()) {
		if declared[f.Name] == slices.Contains(notChosen, f.Name) {
			t.Errorf("search.Filter.%s must be either a filter field (listings.FilterFields) or one the server sets (notChosen)", f.Name)
		}
	}
	st := reflect.TypeFor[listings.StoredFilter]()
	for i := 0; i < st.NumField(); i++ {
		key, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		if !saved[key] {
			t.Errorf("StoredFilter.%s (%q) is no filter field's saved key", st.Field(i).Name, key)
		}
	}
	if st.NumField() != len(listings.FilterFields) {
		t.Errorf("StoredFilter has %d fields for %d filter fields", st.NumField(), len(listings.FilterFields))
	}
}

// Each declared filter field is read and written by every side: the list
// parameters, the listing screen's URL (AppURL, and back as the web app
// reads it), a saved search's stored JSON, and SameFilter.
func TestEveryFilterFieldIsReadByEverySide(t *testing.T) {
	none := parse(t, listings.Sponsorships, url.Values{})
	for _, d := range listings.FilterFields {
		t.Run(d.Param, func(t *testing.T) {
			kind := listings.Requests
			if d.OffersOnly {
				kind = listings.Sponsorships
			}
			v := url.Values{d.Param: {sampleParam[d.Value]}}
			f := parse(t, kind, v)
			if reflect.DeepEqual(f, parse(t, kind, url.Values{})) {
				t.Fatalf("ParseList does not read ?%s=", d.Param)
			}
			if listings.SameFilter(f, none) {
				t.Errorf("SameFilter does not tell ?%s= from no filter", d.Param)
			}

			if d.Value == listings.FilterFlag {
				flags, errs := listings.ParseFlags(v)
				if len(errs) > 0 || !listings.SameFilter(listings.WithFlags(search.Filter{Status: listings.StatusOpen}, flags), f) {
					t.Errorf("ParseFlags (the matches route) does not read ?%s=: %+v, %v", d.Param, flags, errs)
				}
			}

			link := listings.AppURL(kind, f)
			u, _ := url.Parse(link)
			if got := u.Query().Get(d.Screen); got != sampleParam[d.Value] {
				t.Errorf("AppURL %q: %s=%q, want %q", link, d.Screen, got, sampleParam[d.Value])
			}
			if _, back := fromAppURL(t, link); !listings.SameFilter(parse(t, kind, back), f) {
				t.Errorf("AppURL %q does not open the same filter", link)
			}

			b, err := json.Marshal(listings.StoreFilter(f))
			if err != nil {
				t.Fatal(err)
			}
			var keys map[string]any
			if err := json.Unmarshal(b, &keys); err != nil || len(keys) != 1 || keys[d.Saved] == nil {
				t.Errorf("the stored filter is %s, want only %q", b, d.Saved)
			}
			var stored listings.StoredFilter
			if err := json.Unmarshal(b, &stored); err != nil {
				t.Fatal(err)
			}
			loaded, err := listings.LoadFilter(stored)
			if err != nil || !reflect.DeepEqual(loaded, f) {
				t.Errorf("LoadFilter(%s) = %+v, %v; want %+v", b, loaded, err, f)
			}
		})
	}
}

// A malformed value is the parameter's error, under its own name.
func TestAFilterFieldsErrorIsUnderItsParameter(t *testing.T) {
	for _, d := range listings.FilterFields {
		if d.Value != listings.FilterAmount && d.Value != listings.FilterFlag {
			continue
		}
		_, err := listings.ParseList(listings.Sponsorships, url.Values{d.Param: {"x"}})
		if err == nil || !strings.Contains(err.Error(), d.Param+":") {
			t.Errorf("?%s=x: %v, want an error under %s", d.Param, err, d.Param)
		}
	}
}
