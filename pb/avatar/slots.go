package avatar

import (
	"context"
	"time"

	"golang.org/x/sync/semaphore"
)

// slots bounds image work (decoding an upload, making a thumbnail) to two
// at a time, one a core: one member's picture never holds up the others
// for longer than it takes, and image work adds at most two times
// MaxImageBytes to the heap.
const slots = 2

// MaxWorkBytes is the most image work adds to the heap at once: what other
// memory budgets leave room for.
const MaxWorkBytes = slots * MaxImageBytes

var decodeSlots = semaphore.NewWeighted(slots)

// How long a request waits for a slot before answering 503. The costliest
// accepted picture takes under a second of CPU (docs/security.md), so a
// request waits about that long behind it, unless uploads queue up.
var (
	waitForSlot  = 5 * time.Second
	waitForThumb = 5 * time.Second
)

// takeSlot waits up to wait for a slot and answers the function that gives
// it back, or ErrBusy.
func takeSlot(ctx context.Context, wait time.Duration) (release func(), err error) {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	if err := decodeSlots.Acquire(ctx, 1); err != nil {
		return nil, ErrBusy
	}
	return func() { decodeSlots.Release(1) }, nil
}
