package search

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
)

// Sort is the order of a list.
type Sort uint8

// The three sort orders. Ties (equal amounts) are newest first.
const (
	Newest Sort = iota
	AmountDesc
	AmountAsc
)

// Filter is a list query's conditions in normalized form: what a member's
// search says, and what a saved search stores.
type Filter struct {
	// Keyword is a case-insensitive substring of the title or the
	// description (the spec's rule).
	Keyword string
	// Categories match when a listing has any of them.
	Categories []string
	MinAmount  *int64
	MaxAmount  *int64
	// Location is a case-insensitive substring of the listing's location;
	// listings without a location always pass. With LocationEitherWay the
	// listing's location may also be a substring of this one (two listings
	// in "Pune" and "Pune, India" are in the same place).
	Location          string
	LocationEitherWay bool
	// Status is "", "open", "sponsored" or "closed", compared with the
	// effective status (an open request whose event date has passed is
	// closed: see EventPassed).
	Status   string
	PosterID string
	// ExcludePosterID leaves one member's listings out (a listing's matches
	// never include its poster's own).
	ExcludePosterID string
	VerifiedOnly    bool
	// ReliableOnly keeps the listings of reliable posters (the app's rule:
	// docs/api/deals.md, "Reliability").
	ReliableOnly bool
	// MinAudience keeps the listings whose poster's audience
	// (Listing.PosterAudience) is at least it; nil, or not above 0, is no
	// condition.
	MinAudience *int64
	// MeasuredOnly keeps the listings whose poster's audience is measured
	// (Listing.PosterMeasured).
	MeasuredOnly bool
	// IncludeHidden shows hidden (rejected) listings: a poster's own list,
	// or an administrator's view of a member's list.
	IncludeHidden bool
	// HasTiers keeps the listings that offer packages (Listing.HasTiers).
	HasTiers bool
	// OpenToMe leaves out the listings closed to Industry (the viewer's,
	// set by the caller, never by the client): with no Industry, or one
	// that is not in Config.Industries, it leaves out nothing.
	OpenToMe bool
	Industry string
	// EligibleOnly leaves out the listings whose Criteria Applicant fails
	// (the viewer's profile, set by the caller, never by the client): with
	// no Applicant (a visitor) it leaves out nothing.
	EligibleOnly bool
	Applicant    *Applicant
}

// Listing is one listing as the engine sees it: what a Source hands it, and
// what Match and a Percolator check.
type Listing struct {
	Title, Description string
	Amount             int64
	// Categories are names from Config.Categories (others are ignored).
	Categories []string
	Location   string
	PosterID   string
	// PosterVerified: the poster carries the verified badge (the same for
	// every listing of a poster: a Source sends a badge change when it
	// changes).
	PosterVerified bool
	// PosterReliable: the poster counts as reliable (sent like the badge).
	PosterReliable bool
	// PosterAudience is the poster's audience (0: none stated) and
	// PosterMeasured tells that it is measured, not stated (both sent like
	// the badge).
	PosterAudience int64
	PosterMeasured bool
	// Status is "", "open", "sponsored" or "closed" ("" is open);
	// EventUnix the event date in unix seconds (0 for none), which closes
	// an open listing once its day has passed (EventPassed).
	Status    string
	EventUnix int64
	// Hidden listings (rejected by moderators, say) match only filters
	// with IncludeHidden.
	Hidden bool
	// HasTiers: the listing offers packages.
	HasTiers bool
	// ClosedTo are the industries (names from Config.Industries; others
	// are ignored) the listing refuses: a filter with OpenToMe for one of
	// them leaves it out.
	ClosedTo []string
	// Criteria are who may apply (Filter.EligibleOnly); the zero value:
	// anyone.
	Criteria Criteria
}

// Query is one page request.
type Query struct {
	Filter
	Sort Sort
	// After is a cursor from a previous Result (keyset paging: any page
	// costs what the first one costs). Offset is the older page-number way.
	After  string
	Offset int
	Limit  int
	// Total asks for the number of matches: exact when cheap, else an
	// estimate from the part of the index that was read (Result.Estimated).
	Total bool
}

// Result is one page of matches.
type Result struct {
	Rowids    []int64
	HasMore   bool
	Next      string
	Total     int
	Estimated bool
}

// ErrBadCursor answers a cursor this engine did not make, or one made for
// another sort order.
var ErrBadCursor = errors.New("search: invalid cursor")

type cursor struct {
	sort   Sort
	amount int64
	key    uint32
}

var sortLetters = [...]byte{Newest: 'n', AmountDesc: 'd', AmountAsc: 'a'}

func (c cursor) encode() string {
	s := string(sortLetters[c.sort]) + strconv.FormatInt(rowidOf(c.key), 10)
	if c.sort != Newest {
		s += "." + strconv.FormatInt(c.amount, 10)
	}
	return base64.RawURLEncoding.EncodeToString([]byte(s))
}

func decodeCursor(raw string, s Sort) (*cursor, error) {
	if raw == "" {
		return nil, nil
	}
	if len(raw) > maxCursor {
		return nil, ErrBadCursor
	}
	b, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil || len(b) < 2 || b[0] != sortLetters[s] {
		return nil, ErrBadCursor
	}
	body := string(b[1:])
	c := &cursor{sort: s}
	rowPart, amountPart, hasAmount := strings.Cut(body, ".")
	if hasAmount != (s != Newest) {
		return nil, ErrBadCursor
	}
	rowid, err := strconv.ParseInt(rowPart, 10, 64)
	if err != nil || rowid <= 0 || rowid > maxRowid {
		return nil, ErrBadCursor
	}
	c.key = keyOf(rowid)
	if hasAmount {
		if c.amount, err = strconv.ParseInt(amountPart, 10, 64); err != nil {
			return nil, ErrBadCursor
		}
	}
	return c, nil
}

// EventPassed tells whether an event date (unix seconds, 0 for none) lies
// in the past: its whole day (UTC) has ended.
func EventPassed(eventUnix, nowUnix int64) bool {
	return eventUnix != 0 && nowUnix >= eventUnix+24*3600
}
