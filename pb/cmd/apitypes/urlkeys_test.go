package main

import (
	"strings"
	"testing"
)

// The listing screen's URL keys reach the web app as values, spelled as
// the server's alert links spell them.
func TestListingScreenKeys(t *testing.T) {
	src, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"export const listingScreenKeys = {\n  tab: 'tab',\n  showClosed: 'show',\n  sort: 'sort',\n} as const\n",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
}

// The list headers reach the web app as values, spelled as paging.Answer
// writes them.
func TestListHeaders(t *testing.T) {
	src, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	want := "export const listHeaders = {\n  page: 'X-Page',\n  perPage: 'X-Per-Page',\n  hasMore: 'X-Has-More',\n" +
		"  total: 'X-Total-Count',\n  totalEstimated: 'X-Total-Estimated',\n  next: 'X-Next-Cursor',\n} as const\n"
	if !strings.Contains(string(src), want) {
		t.Errorf("generated file lacks %q", want)
	}
}
