package search

import "sort"

// The index's sorted orders: listings by amount (amountOrder) and open
// requests by event date (eventOrder), searched by binary search.

// amountSlot is where (amount, key) sits or would sit in amountOrder.
func (ix *index) amountSlot(amount int64, key uint32) int {
	return sort.Search(len(ix.amountOrder), func(i int) bool {
		k := ix.amountOrder[i]
		a := ix.amount[rowidOf(k)]
		return a > amount || (a == amount && k >= key)
	})
}

// amountBound is the first slot whose amount is >= amount (or > amount when
// after is set).
func (ix *index) amountBound(amount int64, after bool) int {
	return sort.Search(len(ix.amountOrder), func(i int) bool {
		a := ix.amount[rowidOf(ix.amountOrder[i])]
		if after {
			return a > amount
		}
		return a >= amount
	})
}

func (ix *index) eventSlot(event, r int64) int {
	return sort.Search(len(ix.eventOrder), func(i int) bool {
		x := ix.eventOrder[i]
		return ix.event[x] > event || (ix.event[x] == event && x >= r)
	})
}

// expired lists the open requests whose event date has passed (reads show
// them closed; a periodic job closes them in the table).
func (ix *index) expired(now int64) []int64 {
	n := sort.Search(len(ix.eventOrder), func(i int) bool { return !EventPassed(ix.event[ix.eventOrder[i]], now) })
	return ix.eventOrder[:n]
}
