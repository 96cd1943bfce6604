// Package industry is the fixed list of industries a member may state on
// their profile (issue 40, docs/api/packages.md): the key stored and sent,
// and the label shown ("A sponsor in beverages holds exclusivity here").
package industry

// An Industry is the key of one industry.
type Industry string

// The industries, in the order the profile lists them.
const (
	Beverages  Industry = "beverages"
	Banking    Industry = "banking_finance"
	Telecom    Industry = "telecom"
	Automotive Industry = "automotive"
	Food       Industry = "food"
	Sportswear Industry = "sportswear"
	Technology Industry = "technology"
	Education  Industry = "education"
	Health     Industry = "health"
	Retail     Industry = "retail"
	Media      Industry = "media"
	// Other is an industry no exclusivity or clash applies to: it names no
	// market a sponsor competes in.
	Other Industry = "other"
)

// Entry is one industry as the web app reads it.
type Entry struct {
	Key   Industry `json:"key"`
	Label string   `json:"label"`
}

// All are the industries with their labels, in order.
var All = []Entry{
	{Beverages, "Beverages"}, {Banking, "Banking and finance"}, {Telecom, "Telecom"},
	{Automotive, "Automotive"}, {Food, "Food"}, {Sportswear, "Sportswear"},
	{Technology, "Technology"}, {Education, "Education"}, {Health, "Health"},
	{Retail, "Retail"}, {Media, "Media"}, {Other, "Other"},
}

// Valid tells whether s is an industry's key.
func Valid(s string) bool {
	for _, e := range All {
		if string(e.Key) == s {
			return true
		}
	}
	return false
}

// Label is the industry's label ("" for an unknown key).
func Label(i Industry) string {
	for _, e := range All {
		if e.Key == i {
			return e.Label
		}
	}
	return ""
}

// InSentence is the label as it reads inside a sentence: "banking and
// finance" in "A sponsor in banking and finance holds exclusivity here".
func InSentence(i Industry) string {
	l := Label(i)
	if l == "" {
		return ""
	}
	b := []byte(l)
	if b[0] >= 'A' && b[0] <= 'Z' {
		b[0] += 'a' - 'A'
	}
	return string(b)
}

// Competes tells whether exclusivity and clashes apply to the industry:
// every known industry but Other.
func Competes(i Industry) bool { return i != Other && Label(i) != "" }
