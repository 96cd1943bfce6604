package search

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// categories maps category names to their numbers in the index (the order
// of Config.Categories), case-insensitively as strings.EqualFold compares.
type categories struct {
	names  []string
	exact  map[string]int32 // the names as configured: the common case, no folding
	folded map[string]int32 // by foldKey
}

func newCategories(names []string) (categories, error) {
	c := categories{names: slices.Clone(names), exact: make(map[string]int32, len(names)), folded: make(map[string]int32, len(names))}
	for i, n := range names {
		if n == "" {
			return categories{}, fmt.Errorf("%w: category %d is empty", ErrConfig, i)
		}
		k := foldKey(n)
		if j, dup := c.folded[k]; dup {
			return categories{}, fmt.Errorf("%w: categories %q and %q are the same name", ErrConfig, names[j], n)
		}
		c.folded[k] = int32(i)
		c.exact[n] = int32(i)
	}
	return c, nil
}

func (c *categories) index(name string) (int32, bool) {
	if i, ok := c.exact[name]; ok {
		return i, true
	}
	i, ok := c.folded[foldKey(name)]
	return i, ok
}

// lookup appends the numbers of names to dst, ascending, each once; ok is
// false when a name is not a category (the known ones are still appended).
func (c *categories) lookup(dst []int32, names []string) (out []int32, ok bool) {
	ok = true
	start := len(dst)
	for _, n := range names {
		i, found := c.index(n)
		if !found {
			ok = false
			continue
		}
		if !slices.Contains(dst[start:], i) {
			dst = append(dst, i)
		}
	}
	slices.Sort(dst[start:])
	return dst, ok
}

// foldKey maps every rune to the smallest rune of its simple case-folding
// orbit: two strings have the same key exactly when strings.EqualFold says
// they are equal.
func foldKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		b.WriteRune(m)
	}
	return b.String()
}

// statusCode maps a status (Filter.Status, Listing.Status) to the index's.
func statusCode(s string) uint8 {
	switch s {
	case "open", "":
		// A listing without a status is open: the listings of a table
		// without statuses can always be answered.
		return statusOpen
	case "sponsored":
		return statusSponsored
	case "closed":
		return statusClosed
	}
	return statusNone
}
