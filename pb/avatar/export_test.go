package avatar

import (
	"context"
	"image"
	"time"
)

// HoldAllSlots takes every decoding slot and answers the function that gives them back.
func HoldAllSlots() (release func()) {
	_ = decodeSlots.Acquire(context.Background(), slots)
	return func() { decodeSlots.Release(slots) }
}

// SetThumbWait shortens how long a thumbnail waits, for a test.
func SetThumbWait(d time.Duration) (restore func()) {
	old := waitForThumb
	waitForThumb = d
	return func() { waitForThumb = old }
}

// Shrink is shrink; ShrinkSlow shrinks through image.At, as the reference.
var Shrink = shrink

func ShrinkSlow(src image.Image, k int) *image.NRGBA {
	return shrink(struct{ image.Image }{src}, k)
}
