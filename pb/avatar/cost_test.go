package avatar_test

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"os"
	"runtime"
	"strings"
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
	for _, name := range []string{"lossy", "lossy-alpha"} { // our own gradient, encoded
		cases["WebP "+name] = readFile(t, "testdata/gradient-3000x2000."+name+".webp")
	}
	vp8 := testutil.WebPChunks(readFile(t, "testdata/gradient-3000x2000.lossy.webp"))["VP8 "]
	cases["WebP lossy, alpha through transforms and a colour table"] = testutil.LossyWebPWithAlpha(3000, 2000, testutil.TableAlpha(3000, 2000), vp8)
	cases["WebP lossy, alpha of 800 costly groups of trees (ends after its trees)"] = testutil.LossyWebPWithAlpha(116, 116, testutil.CostlyAlpha(116, 116, 800), make([]byte, 64))
	return cases
}

var testPalette = []color.Color{color.Black, color.White}

// The estimate Check compares with MaxImageBytes covers what decoding and
// scaling really allocate, for every decoder and colour model, at both
// stored sizes (one decode, measured once, serves both); what encoding
// adds is TestWorstAcceptedPictures' part.
func TestEstimateCoversTheDecoders(t *testing.T) {
	sizes := map[string]avatar.Size{"avatar": avatar.Avatar, "photo": avatar.Photo}
	for name, raw := range costCases(t) {
		var img image.Image
		var derr error
		decoded := allocated(func() { img, derr = avatar.Decode(raw) })
		if derr != nil {
			if !strings.Contains(name, "ends after its trees") {
				t.Errorf("%s: %v", name, derr)
			}
			// the decoder gave up: what it allocated is the whole cost
			for sizeName, size := range sizes {
				if estimate, err := avatar.Cost(size, raw); err != nil || int64(decoded) > estimate {
					t.Errorf("%s as %s: allocated %d bytes before failing, estimated %d (%v)", name, sizeName, decoded, estimate, err)
				}
			}
			continue
		}
		for sizeName, size := range sizes {
			estimate, err := avatar.Cost(size, raw)
			if err != nil {
				t.Errorf("%s as %s: %v", name, sizeName, err)
				continue
			}
			got := decoded + allocated(func() { avatar.Fit(size, img) })
			t.Logf("%-70s %-6s %7d bytes, allocated %4d MB, estimated %4d MB", name, sizeName, len(raw), got>>20, estimate>>20)
			if int64(got) > estimate {
				t.Errorf("%s as %s: allocated %d bytes, more than %d", name, sizeName, got, estimate)
			}
		}
	}
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}
