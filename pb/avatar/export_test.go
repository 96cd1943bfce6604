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

// WorkSlotsFor is workSlotsFor.
var WorkSlotsFor = workSlotsFor

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

// Decode decodes a picture as Normalize does, without a slot and without
// refusing it for its cost; FitAndEncode does the rest of Normalize's work
// at s. A test measures the two apart, so one decode serves both sizes.
func Decode(raw []byte) (image.Image, error) {
	_, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	return decoders[format](bytes.NewReader(raw))
}

// Fit scales as FitAndEncode does, without encoding (PNG at its best
// compression is most of the CPU of a transparent picture's work).
func Fit(s Size, img image.Image) { s.fit(img) }

func FitAndEncode(s Size, img image.Image) error {
	_, _, err := encode(s.fit(img))
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

// Normalize is Avatar.Normalize.
func Normalize(ctx context.Context, raw []byte) ([]byte, string, error) {
	return Avatar.Normalize(ctx, raw)
}

// Normalize is NormalizeFile for a picture held in memory.
func (s Size) Normalize(ctx context.Context, raw []byte) ([]byte, string, error) {
	return s.NormalizeFile(ctx, bytes.NewReader(raw), int64(len(raw)))
}
