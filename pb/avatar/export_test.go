package avatar

import (
	"bytes"
	"context"
	"image"
	"time"
)

// HoldAllSlots takes every decoding slot and answers the function that gives them back.
func HoldAllSlots() (release func()) {
	_ = decodeSlots.Acquire(context.Background(), slots)
	return func() { decodeSlots.Release(slots) }
}

// SetWaits shortens how long uploads and thumbnails wait, for a test.
func SetWaits(d time.Duration) (restore func()) {
	oldSlot, oldThumb := waitForSlot, waitForThumb
	waitForSlot, waitForThumb = d, d
	return func() { waitForSlot, waitForThumb = oldSlot, oldThumb }
}

// Shrink is shrink; ShrinkSlow shrinks through image.At, as the reference.
var Shrink = shrink

func ShrinkSlow(src image.Image, k int) *image.NRGBA {
	return shrink(struct{ image.Image }{src}, k)
}

// Cost is the estimate Check compares with MaxImageBytes, at s.
func Cost(s Size, raw []byte) (int64, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return 0, err
	}
	return s.estimate(raw, format, cfg)
}

// Work decodes and scales a picture as s.Normalize does, without a slot and
// without refusing it for its cost, so a test can measure what any picture
// costs.
func Work(s Size, raw []byte) error {
	_, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	_, err = s.decodeSmall(raw, format)
	return err
}

// SlotTaken tells whether some image work holds a slot.
func SlotTaken() bool {
	if decodeSlots.TryAcquire(slots) {
		decodeSlots.Release(slots)
		return false
	}
	return true
}

// Scans counts a JPEG's scans as Check does.
func Scans(raw []byte) (int, error) {
	j, err := readJPEGHeader(raw)
	return j.scans, err
}
