package listings

import (
	"bytes"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"fmt"
	"io"
	"math"
	"runtime/metrics"
	"sync"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/search"
)

// The list route's cards. A page of listings costs two things besides the
// search: reading its rows from SQLite and encoding them as JSON (together
// about two fifths of a list request's CPU). Both depend only on the
// listing and its poster, so a listing is kept as it was encoded, its JSON
// object without the closing brace; the viewer's own mark (applied,
// myPledge) is added per request, then the brace.
//
// The cache is kept exact by the change log the search engine follows
// (engine_log.go): the engine reads the log before every query, and the
// source drops a listing's card when it reads a change of that listing,
// before the engine applies it. A change of a poster's card fields
// (username, display name, avatar, verified badge, reliable mark, deals,
// rating) or a deleted member empties the whole cache: they are rare and a
// member's listings are not indexed by poster. A reload of the index empties
// it too.
//
// A card read from SQLite is kept only if nothing was dropped while it was
// read (the generation is unchanged): a card read just before a write and
// stored just after the engine applied it would otherwise outlive it.
// Rejected listings (seen only by their poster and administrators, with the
// reason) are never kept. A request's card whose event day ends later
// expires then: its status and closed reason change with the clock.
//
// It holds at most a tenth of the memory GOMEMLIMIT leaves once the index
// is loaded and image work and the keyword caches have their room, at most
// MaxCardBytes, and none when that is less than MinCardBytes (cardBudget);
// when full, a random card leaves.

// MinCardBytes and MaxCardBytes bound the cards kept (their JSON and an
// estimate of the map's own cost per card). Until the index is loaded the
// bound is the least. 64 MiB hold about 40,000 cards of a typical length
// (a fifth of make bench's 100,000 + 100,000 listings): the first pages of
// every kind and order, and the listings the common keywords find.
const (
	MinCardBytes = 4 << 20
	MaxCardBytes = 64 << 20
)

// cardBudget is the cards' bound given the memory limit, the live heap
// (the index) after the load and what else is reserved beside it (image
// work's slots and the keyword caches once full): a tenth of what the limit
// leaves, at most MaxCardBytes and nothing below MinCardBytes; without a
// limit, the most. At a million listings of each kind in 640 MiB that is
// about 8 MiB: one picture at a time left room (avatar.LimitWork). With two
// pictures' room reserved there had been none, since 4 MiB of cards then
// took the real binary's peak from 691 to 715-724 MiB; now 8 MiB read
// 684-685 against 678-679 with none, and 13 MiB (the keyword caches not
// reserved) 685-698 (docs/security.md, "Memory").
func cardBudget(memLimit, liveHeap, reserved int64) int {
	if memLimit <= 0 || memLimit == math.MaxInt64 {
		return MaxCardBytes
	}
	budget := (memLimit - liveHeap - reserved) / 10
	if budget < MinCardBytes {
		return 0 // memory is tight: no cards (a million listings of each kind in 640 MiB)
	}
	return int(min(budget, MaxCardBytes))
}

// imageWorkBytes is what image work may add to the heap once the index is
// loaded: half of what the memory limit leaves beside it (false without a
// limit). At a million listings of each kind in 640 MiB that is one
// picture at a time (avatar.LimitWork): with two, six uploads and
// thumbnails beside a heap the caches had filled took the real binary's
// peak to 710-722 MiB (docs/security.md, "Memory").
func imageWorkBytes(memLimit, liveHeap int64) (int64, bool) {
	if memLimit <= 0 || memLimit == math.MaxInt64 {
		return 0, false
	}
	return max(0, memLimit-liveHeap) / 2, true
}

// liveHeap reads the heap the last collection left live.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// cardOverhead is the estimated cost of one card besides its JSON: the map
// slot, the card, its strings' headers.
const cardOverhead = 160

type cardKey struct {
	table string
	rowid int64
}

// card is one listing encoded for a list page.
type card struct {
	id, user string
	// object is the listing's JSON object without its closing brace.
	object []byte
	// expires is the unix second at which the encoding changes with the
	// clock (a request's event day ends, a package's sale starts or
	// ends); 0 for never.
	expires int64
	// exclusive and clashing are the industries a request is closed to:
	// the viewer's IndustryConflict is read from them.
	exclusive, clashing []string
	// rules are an offer's criteria, cap and count, prepared: the
	// viewer's Eligibility is read from them (nil on requests).
	rules *eligibility.Prepared
}

func (c *card) size() int {
	n := len(c.object) + len(c.id) + len(c.user) + cardOverhead + 16*(len(c.exclusive)+len(c.clashing))
	if c.rules != nil {
		n += c.rules.Size()
	}
	return n
}

type cardCache struct {
	mu      sync.RWMutex
	gen     uint64
	entries map[cardKey]*card
	bytes   int
	limit   int
}

func newCardCache(limit int) *cardCache {
	return &cardCache{entries: map[cardKey]*card{}, limit: limit}
}

// lookup sets out[i] to the card of rowids[i] where one is kept and fresh
// at now, and answers the generation to hand to put for the others.
func (c *cardCache) lookup(table string, rowids []int64, now int64, out []*card) uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	for i, r := range rowids {
		if cd := c.entries[cardKey{table, r}]; cd != nil && (cd.expires == 0 || now < cd.expires) {
			out[i] = cd
		}
	}
	return c.gen
}

// put keeps a card read at generation gen, unless something was dropped
// since.
func (c *cardCache) put(gen uint64, table string, rowid int64, cd *card) {
	size := cd.size()
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen || size > c.limit {
		return
	}
	key := cardKey{table, rowid}
	c.remove(key)
	c.evictTo(c.limit - size)
	c.entries[key] = cd
	c.bytes += size
}

// drop forgets one listing's card.
func (c *cardCache) drop(table string, rowid int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.remove(cardKey{table, rowid})
}

// setLimit changes the bound, letting random cards go until they fit.
func (c *cardCache) setLimit(limit int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.limit = limit
	c.evictTo(limit)
}

// remove forgets a card, if kept (under the lock).
func (c *cardCache) remove(key cardKey) {
	if old := c.entries[key]; old != nil {
		c.bytes -= old.size()
		delete(c.entries, key)
	}
}

// evictTo lets random cards go until they hold at most bytes (under the
// lock; map order is random).
func (c *cardCache) evictTo(bytes int) {
	for k := range c.entries {
		if c.bytes <= bytes {
			return
		}
		c.remove(k)
	}
}

// clear forgets every card.
func (c *cardCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.entries)
	c.bytes = 0
}

// held answers how many cards are kept and their size.
func (c *cardCache) held() (n, bytes int) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.entries), c.bytes
}

// cardExpires answers when a request's encoding changes with the clock
// (EffectiveStatus and ClosedReason): when its event day ends, unless it is
// sponsored or the day has ended already (0: never).
func cardExpires(status, eventDate string, now int64) int64 {
	day := eventUnix(eventDate)
	if status == StatusSponsored || day == 0 || search.EventPassed(day, now) {
		return 0
	}
	return day + 24*3600
}

// encodeOptions are those of PocketBase's router.Event.JSON, so that a page
// written from cards is byte for byte what encoding its listings writes.
var encodeOptions = json.JoinOptions(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

var encodeBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// encodeCard encodes a listing without the viewer's marks.
func encodeCard(l *Listing) (*card, error) {
	l.Applied, l.MyPledge, l.IndustryConflict, l.Eligibility = nil, nil, "", nil
	buf := encodeBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 64<<10 {
			encodeBuffers.Put(buf)
		}
	}()
	buf.Reset()
	if err := json.MarshalWrite(buf, l, encodeOptions); err != nil {
		return nil, err
	}
	raw := buf.Bytes()
	if len(raw) == 0 || raw[len(raw)-1] != '}' {
		return nil, fmt.Errorf("listings: unexpected encoding of listing %s", l.ID)
	}
	// encoded in a pooled buffer and copied at its exact size: a page of
	// cards leaves only the cards behind
	return &card{id: l.ID, user: l.UserID, object: append([]byte(nil), raw[:len(raw)-1]...)}, nil
}

// Cards are a page of cards with the viewer's marks.
type Cards []markedCard

type markedCard struct {
	card        *card
	applied     *bool
	pledge      *Pledge
	conflict    string
	eligibility []eligibility.Reason
}

// WriteTo writes the page as a JSON array: each card's object, the viewer's
// mark on it and its closing brace. It writes what encoding the listings
// with Applied or MyPledge set writes (TestCardsEqualTheListingsEncodedAfresh).
func (cs Cards) WriteTo(w io.Writer) (int64, error) {
	var n int64
	put := func(b []byte) error {
		m, err := w.Write(b)
		n += int64(m)
		return err
	}
	scratch := make([]byte, 0, 128)
	if err := put([]byte{'['}); err != nil {
		return n, err
	}
	for i, c := range cs {
		scratch = scratch[:0]
		if i > 0 {
			if err := put([]byte{','}); err != nil {
				return n, err
			}
		}
		if err := put(c.card.object); err != nil {
			return n, err
		}
		var err error
		if scratch, err = appendMark(scratch, c.applied, c.pledge, c.conflict, c.eligibility); err != nil {
			return n, err
		}
		if err := put(scratch); err != nil {
			return n, err
		}
	}
	return n, put([]byte{']'})
}

// appendMark appends the viewer's mark on a card and closes its object:
// what encoding the listing with Applied, MyPledge, IndustryConflict or
// Eligibility (an offer's, [] included) set adds.
func appendMark(dst []byte, applied *bool, pledge *Pledge, conflict string, reasons []eligibility.Reason) ([]byte, error) {
	switch {
	case applied != nil && *applied:
		dst = append(dst, `,"applied":true`...)
	case applied != nil:
		dst = append(dst, `,"applied":false`...)
	case pledge != nil:
		raw, err := json.Marshal(pledge, encodeOptions)
		if err != nil {
			return dst, err
		}
		dst = append(append(dst, `,"myPledge":`...), raw...)
	}
	if conflict != "" {
		raw, err := json.Marshal(conflict, encodeOptions)
		if err != nil {
			return dst, err
		}
		dst = append(append(dst, `,"industryConflict":`...), raw...)
	}
	if reasons != nil {
		raw, err := json.Marshal(reasons, encodeOptions)
		if err != nil {
			return dst, err
		}
		dst = append(append(dst, `,"eligibility":`...), raw...)
	}
	return append(dst, '}'), nil
}
