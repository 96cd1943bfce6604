package testutil

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"io"
	"testing"
)

// LargePNG's pictures decode whole, checksum included, to rows of its one
// colour: with one row, with a remainder after the chunks, and with many
// chunks.
func TestLargePNGDecodes(t *testing.T) {
	want := color.NRGBA{40, 90, 160, 255}
	for _, size := range [][2]int{{1, 1}, {5, 1}, {3, 2}, {600, 600}, {20000, 10}, {300, 257 + 256*3 + 5}, {1000, 1000}} {
		w, h := size[0], size[1]
		file := LargePNG(t, w, h)

		// The zlib stream alone: its length and its Adler-32 checksum.
		zr, err := zlib.NewReader(bytes.NewReader(idatOf(t, file)))
		if err != nil {
			t.Fatalf("%d × %d: %v", w, h, err)
		}
		n, err := io.Copy(io.Discard, zr)
		if err != nil {
			t.Fatalf("%d × %d: %v", w, h, err)
		}
		if n != int64(h*(1+4*w)) {
			t.Fatalf("%d × %d: %d bytes of rows, want %d", w, h, n, h*(1+4*w))
		}

		img, err := png.Decode(bytes.NewReader(file))
		if err != nil {
			t.Fatalf("%d × %d: %v", w, h, err)
		}
		if img.Bounds() != image.Rect(0, 0, w, h) {
			t.Fatalf("%d × %d: bounds %v", w, h, img.Bounds())
		}
		for _, p := range []image.Point{{0, 0}, {w - 1, 0}, {w / 2, h / 2}, {0, h - 1}, {w - 1, h - 1}} {
			if got := color.NRGBAModel.Convert(img.At(p.X, p.Y)); got != want {
				t.Fatalf("%d × %d: pixel %v is %v, want %v", w, h, p, got, want)
			}
		}
	}
	if n := len(LargePNG(t, 8000, 8000)); n > 300<<10 {
		t.Errorf("8000 × 8000: %d bytes, want a few hundred KB", n)
	}
}

// idatOf is the one IDAT chunk's data of a PNG LargePNG made.
func idatOf(t *testing.T, file []byte) []byte {
	t.Helper()
	rest := file[8:]
	for len(rest) >= 12 {
		n := binary.BigEndian.Uint32(rest)
		kind := string(rest[4:8])
		if kind == "IDAT" {
			return rest[8 : 8+n]
		}
		rest = rest[12+n:]
	}
	t.Fatal("no IDAT chunk")
	return nil
}
