package listings_test

import (
	"encoding/json"
	"errors"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/search"
)

// listParams are list requests as the web app sends them (and a member
// may type them), each with the kind it is sent for.
var listParams = []struct {
	kind  listings.Kind
	query string
}{
	{listings.Sponsorships, ""},
	{listings.Requests, ""},
	{listings.Requests, "q=%20%20School%20&categories=education,%20Healthcare&categories=EDUCATION&minAmount=100&maxAmount=900&location=%20Pune%20&verified=true"},
	{listings.Sponsorships, "q=caf%C3%A9%20%26%20bar%3F&location=Pune%2C%20India&status=all"},
	{listings.Requests, "minAmount=0&verified=false&status=open"},
	{listings.Sponsorships, "maxAmount=1000000000&categories=Arts"},
	{listings.Requests, "q=a%2Bb%3Dc%23d&categories=Technology,Arts,Environment"},
}

func parse(t *testing.T, kind listings.Kind, v url.Values) search.Filter {
	t.Helper()
	r, err := listings.ParseList(kind, v)
	if err != nil {
		t.Fatalf("ParseList(%s): %v", v.Encode(), err)
	}
	return r.Filter
}

// fromAppURL reads an AppURL back as the web app does (web/src/features/
// listings/filters.ts, readListingParams then toListQuery): the tab is the
// kind, the screen's keys become the list parameters, show=all asks for
// every status.
func fromAppURL(t *testing.T, raw string) (listings.Kind, url.Values) {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil || u.Path != "/home" {
		t.Fatalf("AppURL %q is not the listing screen", raw)
	}
	app := u.Query()
	keys := listings.AppKeys
	kind := listings.Sponsorships
	if app.Get(keys.Tab) == listings.Requests.Segment {
		kind = listings.Requests
	}
	v := url.Values{}
	for _, d := range listings.FilterFields {
		if app.Has(d.Screen) {
			v.Set(d.Param, app.Get(d.Screen))
		}
	}
	if app.Get(keys.ShowClosed) == "all" {
		v.Set("status", listings.StatusAll)
	}
	return kind, v
}

func TestParseThenAppURLThenParseIsTheSameFilter(t *testing.T) {
	for _, c := range listParams {
		v, _ := url.ParseQuery(c.query)
		first := parse(t, c.kind, v)
		link := listings.AppURL(c.kind, first)
		kind, back := fromAppURL(t, link)
		if kind != c.kind {
			t.Errorf("%q: the link %q opens the other tab", c.query, link)
		}
		again := parse(t, kind, back)
		if !reflect.DeepEqual(first, again) || !listings.SameFilter(first, again) {
			t.Errorf("%q: through %q\n got %+v\nwant %+v", c.query, link, again, first)
		}
		if listings.AppURL(kind, again) != link {
			t.Errorf("%q: one filter, two links: %q and %q", c.query, link, listings.AppURL(kind, again))
		}
	}
}

func TestAppURL(t *testing.T) {
	lo, hi := int64(100), int64(900)
	for _, c := range []struct {
		kind listings.Kind
		f    search.Filter
		want string
	}{
		{listings.Sponsorships, search.Filter{Status: listings.StatusOpen}, "/home"},
		{listings.Requests, search.Filter{Status: listings.StatusOpen}, "/home?tab=requests"},
		{listings.Requests, search.Filter{Keyword: "school", Categories: []string{"Education", "Arts"}, MinAmount: &lo, MaxAmount: &hi,
			Location: "Pune", VerifiedOnly: true, Status: listings.StatusOpen},
			"/home?categories=Education%2CArts&location=Pune&max=900&min=100&q=school&tab=requests&verified=true"},
		{listings.Sponsorships, search.Filter{Keyword: "a&b", Status: ""}, "/home?q=a%26b&show=all"},
		// the poster conditions are the server's; the screen has no key for them
		{listings.Sponsorships, search.Filter{Status: listings.StatusOpen, PosterID: "u1", ExcludePosterID: "u2", IncludeHidden: true}, "/home"},
	} {
		if got := listings.AppURL(c.kind, c.f); got != c.want {
			t.Errorf("AppURL(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}

func TestStoreThenLoadIsTheSameFilter(t *testing.T) {
	for _, c := range listParams {
		v, _ := url.ParseQuery(c.query)
		f := parse(t, c.kind, v)
		if f.Status != listings.StatusOpen { // a saved search asks for what can still be backed
			continue
		}
		raw, err := json.Marshal(listings.StoreFilter(f))
		if err != nil {
			t.Fatal(err)
		}
		var stored listings.StoredFilter
		if err := json.Unmarshal(raw, &stored); err != nil {
			t.Fatal(err)
		}
		loaded, err := listings.LoadFilter(stored)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if !reflect.DeepEqual(loaded, f) || !listings.SameFilter(loaded, f) {
			t.Errorf("%s\n got %+v\nwant %+v", raw, loaded, f)
		}
	}
}

// Rows saved before the one filter type keep loading: as the old
// savedsearch.Query was written through PocketBase's JSON column (with
// "verified":false), and as tests, benchmarks and hands wrote them
// (without). The bytes a save writes are checked in the savedsearch tests.
func TestStoredRowsOfTodaysFormatLoad(t *testing.T) {
	lo, hi := int64(500), int64(900)
	open := search.Filter{Status: listings.StatusOpen}
	for _, c := range []struct {
		row  string
		want search.Filter
	}{
		{`{}`, open},
		{`{"verified":false}`, open},
		{`{"q":"school","categories":["Education"]}`, search.Filter{Keyword: "school", Categories: []string{"Education"}, Status: listings.StatusOpen}},
		{`{"location":"Pune","verified":false}`, search.Filter{Location: "Pune", Status: listings.StatusOpen}},
		{`{"q":"music","categories":["Education","Arts"],"minAmount":500,"maxAmount":900,"location":"Pune, India","verified":true}`,
			search.Filter{Keyword: "music", Categories: []string{"Education", "Arts"}, MinAmount: &lo, MaxAmount: &hi,
				Location: "Pune, India", VerifiedOnly: true, Status: listings.StatusOpen}},
	} {
		var stored listings.StoredFilter
		if err := json.Unmarshal([]byte(c.row), &stored); err != nil {
			t.Fatal(err)
		}
		f, err := listings.LoadFilter(stored)
		if err != nil {
			t.Fatalf("%s: %v", c.row, err)
		}
		if !reflect.DeepEqual(f, c.want) {
			t.Errorf("%s loads as %+v, want %+v", c.row, f, c.want)
		}
		if again, err := listings.LoadFilter(listings.StoreFilter(f)); err != nil || !reflect.DeepEqual(again, f) {
			t.Errorf("%s: stored again it loads as %+v (%v)", c.row, again, err)
		}
	}
}

// The stored form's keys are the list route's parameters: the same
// conditions sent either way are the same filter.
func TestTheStoredFormIsTheListParameters(t *testing.T) {
	lo, hi := int64(10), int64(20)
	stored := listings.StoredFilter{Q: " Robots ", Categories: []string{"technology", "Arts"}, MinAmount: &lo, MaxAmount: &hi,
		Location: "Pune ", Verified: true}
	raw, _ := json.Marshal(stored)
	var fields map[string]any
	if err := json.Unmarshal(raw, &fields); err != nil {
		t.Fatal(err)
	}
	v := url.Values{}
	for k, x := range fields {
		switch x := x.(type) {
		case []any:
			parts := make([]string, len(x))
			for i, p := range x {
				parts[i] = p.(string)
			}
			v.Set(k, strings.Join(parts, ","))
		case float64:
			v.Set(k, strconv.FormatInt(int64(x), 10))
		default:
			v.Set(k, strings.TrimSpace(jsonText(x)))
		}
	}
	loaded, err := listings.LoadFilter(stored)
	if err != nil {
		t.Fatal(err)
	}
	if parsed := parse(t, listings.Requests, v); !reflect.DeepEqual(parsed, loaded) {
		t.Fatalf("as list parameters %s\n got %+v\nwant %+v", v.Encode(), parsed, loaded)
	}
}

func jsonText(x any) string {
	if s, ok := x.(string); ok {
		return s
	}
	b, _ := json.Marshal(x)
	return string(b)
}

// A body's query is refused with the list route's own field errors, the
// same wherever the conditions come from.
func TestLoadFilterRefusesWhatTheListRouteRefuses(t *testing.T) {
	neg, big, nine, one := int64(-1), int64(listings.MaxAmount+1), int64(900), int64(100)
	for _, c := range []struct {
		stored listings.StoredFilter
		query  string
	}{
		{listings.StoredFilter{Q: "a\x00b"}, "q=a%00b"},
		{listings.StoredFilter{Q: strings.Repeat("x", 101)}, "q=" + strings.Repeat("x", 101)},
		{listings.StoredFilter{Location: "Pune\x1b"}, "location=Pune%1B"},
		{listings.StoredFilter{Location: strings.Repeat("y", 121)}, "location=" + strings.Repeat("y", 121)},
		{listings.StoredFilter{Categories: []string{"Nope"}}, "categories=Nope"},
		{listings.StoredFilter{Categories: []string{"Arts,Nope"}}, "categories=Arts,Nope"},
		{listings.StoredFilter{MinAmount: &neg}, "minAmount=-1"},
		{listings.StoredFilter{MaxAmount: &big}, "maxAmount=" + strconv.FormatInt(big, 10)},
		{listings.StoredFilter{MinAmount: &nine, MaxAmount: &one}, "minAmount=900&maxAmount=100"},
		{listings.StoredFilter{Q: "\xff", MinAmount: &nine, MaxAmount: &one, Categories: []string{"x"}}, "q=%FF&minAmount=900&maxAmount=100&categories=x"},
	} {
		_, loadErr := listings.LoadFilter(c.stored)
		v, _ := url.ParseQuery(c.query)
		_, parseErr := listings.ParseList(listings.Requests, v)
		if loadErr == nil || parseErr == nil {
			t.Fatalf("%s: load %v, parse %v; want both refused", c.query, loadErr, parseErr)
		}
		if a, b := errorJSON(loadErr), errorJSON(parseErr); a != b {
			t.Errorf("%s: load says %s, the list route %s", c.query, a, b)
		}
	}
}

// errorJSON is the field errors as the client reads them: code and message.
func errorJSON(err error) string {
	var errs validation.Errors
	if !errors.As(err, &errs) {
		return "not field errors: " + err.Error()
	}
	out := map[string]string{}
	for field, e := range errs {
		code := ""
		if c, ok := e.(interface{ Code() string }); ok {
			code = c.Code()
		}
		out[field] = code + ": " + e.Error()
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// A stored row that breaks the rules (a superuser's hand) still loads as
// it stands: refusing it now would silently end a member's alerts.
func TestLoadFilterKeepsARuleBreakingRowAsGiven(t *testing.T) {
	f, err := listings.LoadFilter(listings.StoredFilter{Q: " x ", Categories: []string{"Gardening"}})
	if err == nil {
		t.Fatal("an unknown category was accepted")
	}
	if f.Keyword != " x " || !reflect.DeepEqual(f.Categories, []string{"Gardening"}) || f.Status != listings.StatusOpen {
		t.Fatalf("the row loads as %+v", f)
	}
}

func TestSameFilter(t *testing.T) {
	five, also5, six := int64(5), int64(5), int64(6)
	a := search.Filter{Keyword: "School", Categories: []string{"Arts", "Education"}, MinAmount: &five, Location: "Pune", Status: "open"}
	same := search.Filter{Keyword: "school", Categories: []string{"Education", "Arts"}, MinAmount: &also5, Location: "PUNE", Status: "open"}
	if !listings.SameFilter(a, same) {
		t.Fatal("case and category order made two filters differ")
	}
	for _, b := range []search.Filter{
		{Keyword: "Schools", Categories: a.Categories, MinAmount: &five, Location: "Pune", Status: "open"},
		{Keyword: "School", Categories: []string{"Arts"}, MinAmount: &five, Location: "Pune", Status: "open"},
		{Keyword: "School", Categories: []string{"Arts", "Education", "Health"}, MinAmount: &five, Location: "Pune", Status: "open"},
		{Keyword: "School", Categories: a.Categories, MinAmount: &six, Location: "Pune", Status: "open"},
		{Keyword: "School", Categories: a.Categories, Location: "Pune", Status: "open"},
	} {
		if listings.SameFilter(a, b) || listings.SameFilter(b, a) {
			t.Errorf("%+v and %+v compare the same", a, b)
		}
	}
}

// Every field of search.Filter takes part in the comparison: a field added
// to the engine's filter fails here until SameFilter compares it.
func TestSameFilterSeesEveryField(t *testing.T) {
	seven := int64(7)
	typ := reflect.TypeFor[search.Filter]()
	for i := range typ.NumField() {
		var b search.Filter
		field := reflect.ValueOf(&b).Elem().Field(i)
		switch field.Interface().(type) {
		case string:
			field.SetString("x")
		case bool:
			field.SetBool(true)
		case []string:
			field.Set(reflect.ValueOf([]string{"Arts"}))
		case *int64:
			field.Set(reflect.ValueOf(&seven))
		case *search.Applicant:
			field.Set(reflect.ValueOf(&search.Applicant{Location: "Pune"}))
		default:
			t.Fatalf("search.Filter.%s: a field of a new type; teach SameFilter and this test", typ.Field(i).Name)
		}
		if listings.SameFilter(search.Filter{}, b) {
			t.Errorf("SameFilter does not see search.Filter.%s", typ.Field(i).Name)
		}
	}
}
