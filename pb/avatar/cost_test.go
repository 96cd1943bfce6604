package avatar_test

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"os"
	"runtime"
	"testing"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/internal/testutil"
)

// allocated answers the bytes the heap handed out while f ran: an upper
// bound of what it added to the process's memory.
func allocated(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// costCases are pictures of every decoder and colour model it produces,
// at sizes that are not whole blocks.
func costCases(t *testing.T) map[string][]byte {
	const w, h = 1001, 503
	jpegs := map[string]testutil.JPEGSpec{
		"grey": testutil.GreyJPEG, "YCbCr 4:4:4": testutil.YCbCr444JPEG, "YCbCr 4:2:0": testutil.YCbCr420JPEG,
		"RGB": testutil.RGBJPEG, "CMYK": testutil.CMYKJPEG, "YCCK": testutil.YCCKJPEG,
	}
	cases := map[string][]byte{}
	for name, spec := range jpegs {
		cases["JPEG "+name] = testutil.CraftJPEG(spec.Sized(w, h))
		cases["progressive JPEG "+name] = testutil.CraftJPEG(spec.Sized(w, h).ProgressiveScans(len(spec.IDs), false))
	}
	for name, spec := range map[string]testutil.PNGSpec{
		"grey 8": {Colour: 0, Depth: 8}, "grey 1": {Colour: 0, Depth: 1}, "grey 8 + tRNS": {Colour: 0, Depth: 8, TRNS: true},
		"grey 16": {Colour: 0, Depth: 16}, "grey 16 + tRNS": {Colour: 0, Depth: 16, TRNS: true},
		"RGB 8": {Colour: 2, Depth: 8}, "RGB 8 + tRNS": {Colour: 2, Depth: 8, TRNS: true}, "RGB 16": {Colour: 2, Depth: 16},
		"palette 8": {Colour: 3, Depth: 8}, "palette 2": {Colour: 3, Depth: 2}, "grey+alpha 8": {Colour: 4, Depth: 8},
		"grey+alpha 16": {Colour: 4, Depth: 16}, "RGBA 8": {Colour: 6, Depth: 8}, "RGBA 16": {Colour: 6, Depth: 16},
		"RGBA 8 interlaced": {Colour: 6, Depth: 8, Interlaced: true}, "RGBA 16 interlaced": {Colour: 6, Depth: 16, Interlaced: true},
	} {
		spec.W, spec.H = w, h
		cases["PNG "+name] = testutil.CraftPNG(t, spec)
	}
	var g bytes.Buffer
	if err := gif.Encode(&g, image.NewPaletted(image.Rect(0, 0, w, h), testPalette), nil); err != nil {
		t.Fatal(err)
	}
	cases["GIF"] = g.Bytes()
	for _, name := range []string{"yellow_rose.lossy.webp", "yellow_rose.lossy-with-alpha.webp", "yellow_rose.lossless.webp",
		"gradient-3000x2000.lossy.webp", "gradient-3000x2000.lossy-alpha.webp", "gradient-3000x2000.lossless.webp"} {
		raw, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		cases["WebP "+name] = raw
	}
	return cases
}

var testPalette = []color.Color{color.Black, color.White}

// The estimate Check compares with MaxImageBytes covers what decoding and
// scaling really allocate, for every decoder and colour model.
func TestEstimateCoversTheDecoders(t *testing.T) {
	for name, raw := range costCases(t) {
		estimate, lossless, err := avatar.Cost(raw)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var werr error
		got := allocated(func() { werr = avatar.Work(raw) })
		if werr != nil {
			t.Errorf("%s: %v", name, werr)
		}
		t.Logf("%-40s allocated %4d MB, estimated %4d MB", name, got>>20, estimate>>20)
		bound := estimate
		if lossless > 0 { // the decoder spends at most the rest of the bound
			bound = max(estimate, avatar.MaxImageBytes)
		}
		if int64(got) > bound {
			t.Errorf("%s: allocated %d bytes, more than %d", name, got, bound)
		}
	}
}
