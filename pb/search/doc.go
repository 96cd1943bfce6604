// Package search is an in-memory search engine for lists of listings. It
// answers which listings of a table match a Filter (a keyword as a
// case-insensitive substring of the title or the description, categories,
// an amount range, a location, a status, a poster, verified posters, hidden
// listings or not, listings offering packages, listings open to an
// industry, listings whose rules on who may apply an applicant passes), in
// one of three orders (newest first, amount high to
// low, amount low to high), a page at a time with keyset cursors, with the
// total number of matches. It answers rowids; the caller reads the rows
// themselves from its store. It also answers the reverse question: which of
// many stored filters a new listing satisfies (Percolator), by the same
// rules (Match).
//
// It depends on no database and no application: the listings come from a
// Source, which the caller implements over its store (SponsorBridge's, over
// SQLite with a trigger-filled change log, is in pb/internal/listings;
// package searchtest has one in memory).
//
// # Using it
//
//  1. Implement Source: a Snapshot of every listing of every table, and a
//     feed of changes (a position that grows by one per change, the
//     listings written, the badges changed). The engine loads from the
//     snapshot and, before every query, applies the changes it has not seen
//     (Source.Head is read once per query, so it must be cheap).
//  2. Make the engine: New(Config{Source, Tables, Categories}). Config also
//     takes the clock (event dates), a logger and a Tuning. New checks the
//     Config and answers ErrConfig, never panics.
//  3. Start it: Start loads the index in the background; Search waits for
//     the load up to Tuning.ReadyWait, then answers ErrNotReady (a server
//     can answer its health check at once and ask clients to retry lists).
//  4. Ask: Search(ctx, table, &Query{Filter, Sort, Limit, Total}) answers a
//     Result: the page's rowids in order, HasMore, and Next, the cursor of
//     the next page (Query.After); Total counts the matches (exactly, or
//     estimated and labelled: Result.Estimated). Offset pages by number
//     instead (it reads past the earlier pages).
//
// Facets reads a few attributes of listings from the index (to rank
// matches without reading rows); NewPercolator keeps stored filters and
// answers which of them a listing satisfies; EventPassed and Fold are the
// rules for event dates and case.
//
// Everything is safe for concurrent use. Queries read the index under a
// read lock; applying changes takes the write lock briefly.
//
// # The rules
//
// Filter's fields are the rules: a keyword is a substring of the title or
// the description after strings.ToLower on both sides (CAFÉ finds café); a
// listing matches categories when it has any of them (names compare with
// strings.EqualFold; a name that is not a configured category matches
// nothing); amounts are inclusive; a location is a substring of the
// listing's, and listings without a location always match
// (LocationEitherWay also matches the other way round); a status compares
// with the effective status, where an open listing of a dated table whose
// event day (UTC) has ended is closed; hidden listings match only with
// IncludeHidden; HasTiers keeps the listings offering packages; OpenToMe
// leaves out the listings closed to Industry (a Config.Industries name;
// another, or none, leaves out nothing); EligibleOnly leaves out the
// listings whose Criteria the Applicant fails (no Applicant: nothing). Ties
// in an amount order are newest first (highest rowid).
//
// # How it works
//
// SQLite, or any store with one index per table scan, degrades to a scan
// that grows with the table for any mix of filters (keyword and category
// and amount and location...). Here every listing's filter attributes are
// a few bytes in arrays indexed by rowid, attribute sets are bitsets
// combined 64 listings at a time, keywords go through an inverted index of
// terms (a keyword of one run of letters or of symbols is answered exactly;
// one of several runs is narrowed down and checked against the text with
// Source.Texts), and each query picks the cheapest way in (plan.go): walk
// the listings in the requested order and stop after a page, or start from
// a small set (a poster's listings, a rare keyword, a narrow amount range)
// and sort it. SponsorBridge's docs/search.md has the design and the
// measurements.
//
// # What it costs
//
// Memory: about 29 bytes per listing in arrays, one bit per rowid for each
// attribute set (visible, each category, each status, verified, offering
// packages, each industry some listing is closed to, 64 amount buckets,
// the rules on who may apply once a listing sets one,
// each frequent term and location: the highest rowid sets the length), the
// terms' postings, and a keyword cache bounded by
// Tuning.KeywordCacheBytes per table. Each category costs one bit per rowid
// per table, so any number of categories fits, at 125 kB per million rowids
// each. Time: see Tuning; a query's cost does not grow with the table past
// Tuning.CountWords words when it counts, and a cursor page costs what the
// first page costs. The inputs a caller takes from outsiders are bounded by
// the caller (the length of a keyword and of a category list); a cursor is
// refused past 64 characters.
package search
