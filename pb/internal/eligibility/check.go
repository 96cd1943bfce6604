package eligibility

import (
	"slices"
	"strconv"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
	"sponsorbridge/pb/search"
)

// The codes of the rules, in the order they are checked.
const (
	CodeCap       = "cap"
	CodeLocation  = "location"
	CodeCategory  = "category"
	CodeEventDate = "eventDate"
	CodeAudience  = "audience"
	CodeVerified  = "verified"
	CodeReliable  = "reliable"
)

// Codes are the rules' codes in the order they are checked.
var Codes = []string{CodeCap, CodeLocation, CodeCategory, CodeEventDate, CodeAudience, CodeVerified, CodeReliable}

// Reason is one rule a member fails: its code and the sentence they read.
type Reason struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Check is every rule of an offer (its criteria c, its cap and the
// applications it holds, count) that profile p fails, in the documented
// order; none when p may apply.
func Check(c Criteria, cap, count int, p Profile) []Reason {
	out := []Reason{}
	if r, ok := CapReason(cap, count); ok {
		out = append(out, r)
	}
	if len(c.Locations) > 0 && !anyPlaceMatches(c.Locations, p.EventLocation) {
		out = append(out, Reason{CodeLocation, locationSentence(c.Locations)})
	}
	if len(c.Categories) > 0 && !slices.ContainsFunc(c.Categories, func(cat string) bool {
		return slices.Contains(p.EventCategories, cat)
	}) {
		out = append(out, Reason{CodeCategory, "This sponsor supports " + list(c.Categories) + " events only."})
	}
	if (c.EventFrom != "" || c.EventTo != "") &&
		(p.NextEventDate == "" || (c.EventFrom != "" && p.NextEventDate < c.EventFrom) || (c.EventTo != "" && p.NextEventDate > c.EventTo)) {
		out = append(out, Reason{CodeEventDate, dateSentence(c.EventFrom, c.EventTo)})
	}
	if c.MinAudience > 0 && p.Audience < c.MinAudience {
		out = append(out, Reason{CodeAudience, "This sponsor asks for an audience of at least " + money.Thousands(int64(c.MinAudience)) + "."})
	}
	if c.VerifiedOnly && !p.Verified {
		out = append(out, Reason{CodeVerified, "This sponsor takes applications from verified members only."})
	}
	if c.ReliableOnly && !p.Reliable {
		out = append(out, Reason{CodeReliable, "This sponsor takes applications from reliable members only."})
	}
	return out
}

// CapReason is the cap's reason when an offer taking cap applications (0:
// any number) holds count of them.
func CapReason(cap, count int) (Reason, bool) {
	if cap > 0 && count >= cap {
		return Reason{CodeCap, "This sponsorship has all the applications it takes (" + strconv.Itoa(cap) + ")."}, true
	}
	return Reason{}, false
}

// Refused is the application's refusal for the rules a member fails
// (reasons, at least one): 422, the first sentence as the message, and one
// entry per rule keyed by its code.
func Refused(reasons []Reason) *refusal.Refusal {
	data := validation.Errors{}
	for _, r := range reasons {
		data[r.Code] = apierr.Field(r.Code, r.Message)
	}
	return &refusal.Refusal{Kind: refusal.Unprocessable, Message: reasons[0].Message, Fields: data}
}

// anyPlaceMatches tells whether the member's place matches one of places
// by the search engine's rule (search.SamePlace: either contains the
// other, case folded; Online matches Online only), which its eligibleOnly
// filter applies to every offer at once.
func anyPlaceMatches(places []string, mine string) bool {
	return slices.ContainsFunc(places, func(place string) bool { return search.SamePlace(place, mine) })
}

func locationSentence(places []string) string {
	var names []string
	online := false
	for _, p := range places {
		if strings.EqualFold(strings.TrimSpace(p), Online) {
			online = true
			continue
		}
		names = append(names, p)
	}
	switch {
	case len(names) == 0:
		return "This sponsor supports online events only."
	case online:
		names = append(names, "online events")
	}
	return "This sponsor supports events in " + list(names) + " only."
}

func dateSentence(from, to string) string {
	switch {
	case from != "" && to != "":
		return "This sponsor supports events between " + day(from) + " and " + day(to) + " only."
	case from != "":
		return "This sponsor supports events from " + day(from) + " on only."
	}
	return "This sponsor supports events until " + day(to) + " only."
}

// day writes "2027-03-01" as "Mar 1, 2027".
func day(d string) string {
	t, err := time.Parse("2006-01-02", d)
	if err != nil {
		return d
	}
	return when.Date(t)
}

// list joins names as "Pune", "Pune and Mumbai", "Pune, Mumbai and Delhi".
func list(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
