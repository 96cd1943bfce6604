package main

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"

	"sponsorbridge/pb/internal/listings"
)

// kindNames are a listing kind's names as the web app reads them
// (listings.Kind), keyed as the web app calls them.
type kindNames struct {
	Table      string `json:"table"`
	API        string `json:"api"`
	APISegment string `json:"apiSegment"`
	Segment    string `json:"segment"`
	Label      string `json:"label"`
	Plural     string `json:"plural"`
	Name       string `json:"name"`
	Tab        string `json:"tab"`
}

func namesOf(k listings.Kind) kindNames {
	return kindNames{Table: k.Table, API: k.Path, APISegment: k.APISegment(), Segment: k.Segment, Label: k.Label, Plural: k.Plural, Name: k.Name, Tab: k.Tab}
}

// writeKinds writes the listing kinds (listingKinds, by their Segment, the
// web app's ListingKind) and the filter fields (listingFilterFields, in
// listings.FilterFields' order).
func writeKinds(out *bytes.Buffer) {
	out.WriteString("/** Every name of each listing kind, by its app segment (listings.Kinds): its collection (table), its API " +
		"route prefix (api, /api/<apiSegment>), its app paths' and tab's segment (segment = ListingKind), how the screens name " +
		"one listing (label) and the list (plural), the product's name of the kind (name: the create dialog, the moderation badge) " +
		"and the list tabs' (tab). */\nexport const listingKinds = {\n")
	for _, k := range listings.Kinds {
		fmt.Fprintf(out, "  %s: %s,\n", k.Segment, inline(namesOf(k)))
	}
	out.WriteString("} as const satisfies Record<ListingKind, unknown>\n\n")

	quoted := make([]string, len(listings.FilterValues))
	for i, v := range listings.FilterValues {
		quoted[i] = "'" + string(v) + "'"
	}
	fmt.Fprintf(out, "/** How a filter field's value is written (listings.FilterValue): text, catalog categories (comma-separated in a URL), "+
		"a whole number (dollars, or an audience), or a flag ('true' or absent). */\nexport type FilterValue = %s\n\n", strings.Join(quoted, " | "))
	out.WriteString("/** Each filter field a member chooses (listings.FilterFields), with every spelling it has: its list parameter " +
		"(param, also the ListingFilters field and the key of its errors), the listing screen's URL key (screen), the saved search's " +
		"key (saved), the kind of its value, requestsOnly for a condition of Sponsorship Requests alone (packages: the offers' lists and " +
		"saved searches leave it out) and offersOnly for one of Open Sponsorships alone (eligibility: the requests' leave it out). Every reader and writer of the conditions follows this list. */\n" +
		"export const listingFilterFields = [\n")
	for _, f := range listings.FilterFields {
		fmt.Fprintf(out, "  %s,\n", inline(f))
	}
	out.WriteString("] as const satisfies readonly { param: string; screen: string; saved: string; value: FilterValue; requestsOnly?: boolean; offersOnly?: boolean }[]\n\n")
}

// inline writes a struct's string fields with json names as an object
// literal on one line, and its true bool fields; fields without one are
// left out, and so are false bools (omitzero).
func inline(value any) string {
	v := reflect.ValueOf(value)
	var parts []string
	for i := 0; i < v.NumField(); i++ {
		key, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		if key == "" || key == "-" {
			continue
		}
		if v.Field(i).Kind() == reflect.Bool {
			if v.Field(i).Bool() {
				parts = append(parts, key+": true")
			}
			continue
		}
		parts = append(parts, fmt.Sprintf("%s: '%s'", key, v.Field(i).String()))
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}
