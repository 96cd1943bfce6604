package paging

import (
	"net/url"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

func TestRead(t *testing.T) {
	cases := []struct {
		query         string
		max           int
		page, perPage int
		errs          []string
	}{
		{"", 50, 1, 12, nil},
		{"page=3&perPage=50", 50, 3, 50, nil},
		{"page=%203%20", 50, 3, 12, nil},
		{"page=0", 50, 1, 12, []string{"page"}},
		{"page=10001", 50, 1, 12, []string{"page"}},
		{"page=x&perPage=51", 50, 1, 12, []string{"page", "perPage"}},
		{"perPage=-1", 50, 1, 12, []string{"perPage"}},
		{"perPage=500", 0, 1, 12, nil}, // a fixed page size ignores perPage
	}
	for _, c := range cases {
		q, _ := url.ParseQuery(c.query)
		errs := validation.Errors{}
		p := Read(q, 12, c.max, errs)
		if p.Page != c.page || p.PerPage != c.perPage {
			t.Errorf("%q: got page %d perPage %d, want %d %d", c.query, p.Page, p.PerPage, c.page, c.perPage)
		}
		if len(errs) != len(c.errs) {
			t.Errorf("%q: errors %v, want fields %v", c.query, errs, c.errs)
		}
		for _, f := range c.errs {
			if errs[f] == nil {
				t.Errorf("%q: no error for %s", c.query, f)
			}
		}
	}
	errs := validation.Errors{}
	Read(url.Values{"page": {"0"}, "perPage": {"0"}}, 20, 100, errs)
	if got := errs["page"].Error(); got != "Page must be a whole number from 1 to 10000" {
		t.Errorf("page message %q", got)
	}
	if got := errs["perPage"].Error(); got != "perPage must be a whole number from 1 to 100" {
		t.Errorf("perPage message %q", got)
	}
	if (Params{Page: 3, PerPage: 20}).Offset() != 40 {
		t.Error("offset")
	}
}
