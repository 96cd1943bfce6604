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
func Check(c Criteria, cap, count int, p Profile) []Reason { return Prepare(c, cap, count).Check(p) }

// Prepared is an offer's rules made ready to check many members against:
// the sentence of each rule it sets written and its places folded once (a
// list card keeps one). It is not changed once made: readers share it.
type Prepared struct {
	c      Criteria
	folded []string
	// reasons holds, in Codes' order, the reason of each rule the offer
	// sets (Code "" for a rule it does not set); the cap's only while it
	// is reached.
	reasons [7]Reason
}

// Prepare makes an offer's rules ready to check.
func Prepare(c Criteria, cap, count int) *Prepared {
	r := &Prepared{c: c}
	if full, ok := CapReason(cap, count); ok {
		r.reasons[0] = full
	}
	if len(c.Locations) > 0 {
		r.folded = make([]string, len(c.Locations))
		for i, place := range c.Locations {
			r.folded[i] = search.FoldPlace(place)
		}
		r.reasons[1] = Reason{CodeLocation, locationSentence(c.Locations)}
	}
	if len(c.Categories) > 0 {
		r.reasons[2] = Reason{CodeCategory, "This sponsor supports " + List(c.Categories) + " events only."}
	}
	if c.EventFrom != "" || c.EventTo != "" {
		r.reasons[3] = Reason{CodeEventDate, dateSentence(c.EventFrom, c.EventTo)}
	}
	if c.MinAudience > 0 {
		r.reasons[4] = Reason{CodeAudience, "This sponsor asks for an audience of at least " + money.Thousands(int64(c.MinAudience)) + "."}
	}
	if c.VerifiedOnly {
		r.reasons[5] = Reason{CodeVerified, "This sponsor takes applications from verified members only."}
	}
	if c.ReliableOnly {
		r.reasons[6] = Reason{CodeReliable, "This sponsor takes applications from reliable members only."}
	}
	return r
}

// Size estimates the bytes the prepared rules hold (a card cache's bound).
func (r *Prepared) Size() int {
	n := 256 // the struct, its reasons' headers, the slices' headers
	for i, p := range r.c.Locations {
		n += 2*len(p) + 32 + len(r.folded[i])
	}
	n += 16 * len(r.c.Categories)
	for _, reason := range r.reasons {
		n += len(reason.Message)
	}
	return n
}

// Criteria are the criteria the rules were prepared from.
func (r *Prepared) Criteria() Criteria { return r.c }

// Check is every rule profile p fails, in the documented order; none
// (an empty list) when p may apply.
func (r *Prepared) Check(p Profile) []Reason {
	c := r.c
	fails := [7]bool{
		r.reasons[0].Code != "",
		len(c.Locations) > 0 && !placeMatches(r.folded, p.EventLocation),
		len(c.Categories) > 0 && !slices.ContainsFunc(c.Categories, func(cat string) bool { return slices.Contains(p.EventCategories, cat) }),
		(c.EventFrom != "" || c.EventTo != "") &&
			(p.NextEventDate == "" || (c.EventFrom != "" && p.NextEventDate < c.EventFrom) || (c.EventTo != "" && p.NextEventDate > c.EventTo)),
		c.MinAudience > 0 && p.Audience < c.MinAudience,
		c.VerifiedOnly && !p.Verified,
		c.ReliableOnly && !p.Reliable,
	}
	n := 0
	for _, failed := range fails {
		if failed {
			n++
		}
	}
	out := make([]Reason, 0, n)
	for i, failed := range fails {
		if failed {
			out = append(out, r.reasons[i])
		}
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

// placeMatches tells whether the member's place matches one of places
// (folded: search.FoldPlace) by the search engine's rule
// (search.SamePlaceFolded: either contains the other, case folded; Online
// matches Online only), which its eligibleOnly filter applies to every
// offer at once.
func placeMatches(places []string, mine string) bool {
	mine = search.FoldPlace(mine)
	return slices.ContainsFunc(places, func(place string) bool { return search.SamePlaceFolded(place, mine) })
}

// PlaceMatches is placeMatches of places as written (each folded here):
// the applications view's match weighs the place by the same rule.
func PlaceMatches(places []string, mine string) bool {
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
	return "This sponsor supports events in " + List(names) + " only."
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

// List joins names as "Pune", "Pune and Mumbai", "Pune, Mumbai and Delhi".
func List(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
