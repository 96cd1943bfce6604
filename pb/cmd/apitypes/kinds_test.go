package main

import (
	"strings"
	"testing"
)

// Each listing kind reaches the web app with every name the server gives
// it, keyed by the web app's ListingKind.
func TestListingKinds(t *testing.T) {
	src, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"export const listingKinds = {\n  sponsorships: { table: 'sponsorships', api: '/api/sponsorships', apiSegment: 'sponsorships', " +
			"segment: 'sponsorships', label: 'Open Sponsorship', plural: 'Open Sponsorships', name: 'Open Sponsorship', tab: 'Open Sponsorships' },\n",
		"  requests: { table: 'sponsorship_requests', api: '/api/sponsorship-requests', apiSegment: 'sponsorship-requests', " +
			"segment: 'requests', label: 'Sponsorship Request', plural: 'Sponsorship Requests', name: 'Sponsors Required', tab: 'Sponsors Required' },\n} as const satisfies Record<ListingKind, unknown>\n",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
}

// The filter fields reach the web app with their spellings, in the
// declaration's order, and without the server's own field names.
func TestListingFilterFields(t *testing.T) {
	src, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"export type FilterValue = 'text' | 'categories' | 'amount' | 'flag'\n",
		"export const listingFilterFields = [\n  { param: 'q', screen: 'q', saved: 'q', value: 'text' },\n",
		"  { param: 'minAmount', screen: 'min', saved: 'minAmount', value: 'amount' },\n",
		"  { param: 'reliable', screen: 'reliable', saved: 'reliable', value: 'flag' },\n",
		"  { param: 'openToMe', screen: 'openToMe', saved: 'openToMe', value: 'flag', requestsOnly: true },\n",
		"  { param: 'eligibleOnly', screen: 'eligibleOnly', saved: 'eligibleOnly', value: 'flag', offersOnly: true },\n",
		"  { param: 'measuredOnly', screen: 'measuredOnly', saved: 'measuredOnly', value: 'flag', requestsOnly: true },\n] as const",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
	if strings.Contains(string(src), "ReliableOnly") {
		t.Error("the generated file names a search.Filter field")
	}
}
