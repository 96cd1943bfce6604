package search

import "context"

// Source is the store the engine indexes: one or more tables of listings,
// each listing numbered by a rowid, and a feed of their changes. The engine
// never writes listings; it loads them from a Snapshot at start and then
// follows the feed. The package searchtest has an in-memory Source;
// pb/internal/listings has the one over SQLite (its triggers fill the feed).
//
// The feed is a sequence of changes at positions 1, 2, 3, ... with no gaps.
// Every committed insert, update and delete of a listing, and every change of
// a poster's marks (verified badge, reliable mark, audience), must be in it by the time the write can be read
// back: the engine reads the feed's Head before every query, so a reader
// always sees their own writes.
//
// Rowids are positive and at most 4,294,967,294, and a higher rowid means a
// newer listing: "newest first" is "highest rowid first". A rowid may be
// handed out again after its listing was deleted (the feed says so).
type Source interface {
	// Snapshot calls visit for every listing of every table and returns the
	// feed position the listings reflect: every change up to it and none
	// after (over a database: one read transaction). The engine does not
	// keep l after visit returns. An error from visit ends the snapshot
	// with that error.
	Snapshot(ctx context.Context, visit func(table string, rowid int64, l *Listing) error) (position int64, err error)
	// Head is the position of the newest change, 0 when there is none. The
	// engine asks before every query, so it must be cheap.
	Head(ctx context.Context) (int64, error)
	// Changes returns up to limit changes after position after, oldest
	// first. When changes after it were trimmed, the first one returned
	// is not after+1: the engine then reloads from a Snapshot.
	Changes(ctx context.Context, after int64, limit int) ([]Change, error)
	// Read calls visit with the current state of each of the table's rowids
	// that still exists; a rowid not visited was deleted.
	Read(ctx context.Context, table string, rowids []int64, visit func(rowid int64, l *Listing) error) error
	// Texts calls visit with the current title and description of each of
	// the table's rowids that still exists (a keyword of several runs is
	// checked against the text itself: see Filter.Keyword).
	Texts(ctx context.Context, table string, rowids []int64, visit func(rowid int64, title, description string)) error
	// Trim may forget the changes up to and including position upTo: the
	// engine applied them. It runs in the background.
	Trim(ctx context.Context, upTo int64) error
}

// Change is one entry of a Source's feed: a listing written, or a poster's
// badge changed. A change naming neither (a badge change of a member who
// has since been deleted, say) only moves the position on.
type Change struct {
	Position int64
	// Table and Rowid name a listing that was inserted, updated or deleted;
	// the engine reads its current state with Source.Read.
	Table string
	Rowid int64
	// OldText is the listing's former title and description joined by a
	// newline, when the write changed them or deleted the listing (its
	// former words leave the index); nil otherwise.
	OldText *string
	// PosterID, when set, is a poster whose marks changed: the verified
	// badge is now Verified, the reliable mark Reliable, the audience
	// Audience, measured or not (Measured). Every mark is sent, changed or
	// not.
	PosterID string
	Verified bool
	Reliable bool
	Audience int64
	Measured bool
}
