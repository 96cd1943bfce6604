package avatar

import (
	"context"
	"sync"
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

var limitWork sync.Once

// LimitWork lowers the slots image work may take so that it adds at most
// maxBytes to the heap, keeping at least one: a process whose memory limit
// leaves little beside its search index (a million listings of each kind
// in 640 MiB) decodes one picture at a time, and a second waits for it or
// is told the server is busy. The first call decides for the process; the
// slots it takes away are held for good. It answers the slots left.
func LimitWork(maxBytes int64) int {
	n := slots
	limitWork.Do(func() {
		n = workSlotsFor(maxBytes)
		if n < slots {
			_ = decodeSlots.Acquire(context.Background(), int64(slots-n))
		}
	})
	return n
}

// workSlotsFor is how many pictures fit in maxBytes at once: at most slots,
// at least one.
func workSlotsFor(maxBytes int64) int {
	return int(min(slots, max(1, maxBytes/MaxImageBytes)))
}

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
