package search

// The posters' audience condition (Filter.MinAudience, Filter.MeasuredOnly)
// keeps the listings of the posters whose audience reaches a minimum, or is
// measured. The index keeps nothing for it beyond each poster's marks and
// the list of posters who have an audience (index.audienced): a query
// reads that list, and either sets the few listings of the posters it
// keeps as a factor (exact, word by word), or, when they hold many
// listings, checks each listing's poster as the scan meets it (its words
// are then looked at one listing at a time, as for a named poster).

// audienceCond is the condition; on is false for none.
type audienceCond struct {
	on       bool
	min      int64
	measured bool
}

// audienceOf is f's condition. A minimum not above 0 keeps every poster
// and is no condition.
func audienceOf(f *Filter) audienceCond {
	c := audienceCond{min: max(deref(f.MinAudience), 0), measured: f.MeasuredOnly}
	c.on = c.min > 0 || c.measured
	return c
}

// admits tells whether a poster passes the condition.
func (c audienceCond) admits(m posterMarks) bool {
	return m.audience >= c.min && (!c.measured || m.measured)
}

// audienceFactor answers the listings of the posters the condition keeps:
// their number (at most: every live listing of theirs), and a factor when
// they are few (at most 1/Tuning.NarrowRangeShare of the listings), or no
// factor and the condition kept in the plan for a look at each listing.
func (p *plan) audienceFactor(c audienceCond, n int) (factor, int) {
	ix := p.ix
	var kept []uint32
	size := 0
	for _, q := range ix.audienced {
		if c.admits(ix.posters[q].marks) {
			kept = append(kept, q)
			size += int(ix.posters[q].docs.GetCardinality())
		}
	}
	if size == 0 {
		return nil, 0
	}
	if size > n/ix.t.NarrowRangeShare {
		p.audience = c
		return nil, size
	}
	b := p.borrow()
	for _, q := range kept {
		setPosting(b, &posting{big: ix.posters[q].docs})
	}
	return factor{b}, size
}
