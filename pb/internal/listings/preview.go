package listings

import (
	"strings"
	"unicode/utf8"

	"sponsorbridge/pb/internal/money"
)

// Preview is what a link preview (Open Graph tags) of a listing shows to
// whoever holds its link, signed in or not: its title and one line made of
// its kind, amount, place and the start of its description. Any member can
// read these anyway; the poster, categories, dates and status
// are left out (docs/security.md, "Link previews").
type Preview struct {
	// Kind is the listing's app segment (sponsorships or requests),
	// KindLabel how the app names it.
	Kind      string `json:"kind"`
	KindLabel string `json:"kindLabel"`
	Title     string `json:"title"`
	Amount    int64  `json:"amount"` // whole US dollars: an offer's amount, a request's requested amount
	Place     string `json:"place"`
	Excerpt   string `json:"excerpt"` // the description's start, cut at a word
	// Description is the Open Graph line made of the above: "Sponsorship
	// Request · $600 · Pune, India. Kits for …".
	Description string `json:"-"`
	// Path is the listing's own page, /listings/{segment}/{id}.
	Path string `json:"path"`
}

// Bounds of a preview: what link-preview cards show before they cut.
const (
	previewTitleRunes   = 120 // the form's own limit, kept should it ever grow
	previewExcerptRunes = 160
	maxIDLength         = 32 // PocketBase ids are 15 characters
)

// PreviewOf answers the preview of the listing at /listings/{segment}/{id}.
// It answers false, for the generic preview, when the listing is unknown,
// when the one visibility rule hides it from a visitor (rejected), or when a
// moderator has not approved it (new or edited, waiting for review): a
// preview travels outside the community, so only approved text goes out.
// Malformed ids are answered without a query.
func (s *Store) PreviewOf(segment, id string) (Preview, bool) {
	kind, ok := KindOfSegment(segment)
	if !ok || !plausibleID(id) {
		return Preview{}, false
	}
	r, err := s.Find(kind, id)
	if err != nil || !r.Approved || !(Viewer{}).Sees(r.User, r.rejected()) {
		return Preview{}, false
	}
	p := Preview{
		Kind: kind.Segment, KindLabel: kind.Label, Title: cut(oneLine(r.Title), previewTitleRunes),
		Amount: int64(r.Amount), Place: cut(oneLine(r.Location), previewTitleRunes),
		Excerpt: cut(oneLine(r.Description), previewExcerptRunes), Path: "/listings/" + kind.Segment + "/" + r.ID,
	}
	p.Description = p.line()
	return p, true
}

// line reads "Sponsorship Request · $600 · Pune, India. Kits for …".
func (p Preview) line() string {
	parts := []string{p.KindLabel, money.Dollars(p.Amount)}
	if p.Place != "" {
		parts = append(parts, p.Place)
	}
	line := strings.Join(parts, " · ")
	if p.Excerpt != "" {
		line += ". " + p.Excerpt
	}
	return line
}

// oneLine collapses runs of white space (new lines included) to one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// cut shortens s to at most n runes, at a word boundary when there is one,
// and marks the cut with an ellipsis.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := []rune(s)[:n-1]
	out := string(runes)
	if i := strings.LastIndexByte(out, ' '); i > n/2 {
		out = out[:i]
	}
	return strings.TrimRight(out, " .,;:") + "…"
}

func plausibleID(id string) bool {
	if id == "" || len(id) > maxIDLength {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}
