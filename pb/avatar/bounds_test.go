package avatar_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"syscall"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/internal/testutil"
)

// Files built to cost minutes or hundreds of megabytes are refused from
// their headers: reading them allocates next to nothing. Before the scan
// count and the per-decoder estimate, Check let the first three through
// (240 MB, 320 MB and minutes of CPU once decoded).
func TestHostileFilesAreRefusedFromTheirHeaders(t *testing.T) {
	for _, c := range []struct {
		name string
		raw  []byte
		want error
	}{
		{"a progressive colour JPEG of 4,096 × 4,096 in 237 bytes",
			testutil.CraftJPEG(testutil.YCbCr444JPEG.Sized(4096, 4096).ProgressiveScans(3, false)), avatar.ErrTooCostly},
		{"a progressive grey JPEG of 8,192 × 8,192",
			testutil.CraftJPEG(testutil.GreyJPEG.Sized(8192, 8192).ProgressiveScans(1, false)), avatar.ErrTooLarge},
		{"a progressive JPEG of 5,000 scans",
			testutil.CraftJPEG(testutil.YCbCr444JPEG.Sized(2048, 2048).ProgressiveScans(5000, true)), avatar.ErrTooManyScans},
		{"a progressive JPEG of 33 scans",
			testutil.CraftJPEG(testutil.GreyJPEG.Sized(64, 64).ProgressiveScans(avatar.MaxProgressiveScans+1, true)), avatar.ErrTooManyScans},
		{"a progressive CMYK JPEG of 4,096 × 4,096",
			testutil.CraftJPEG(testutil.CMYKJPEG.Sized(4096, 4096).ProgressiveScans(4, false)), avatar.ErrTooCostly},
		{"a 16-bit RGBA PNG of 4,096 × 4,096",
			testutil.CraftPNG(t, testutil.PNGSpec{W: 4096, H: 4096, Colour: 6, Depth: 16}), avatar.ErrTooCostly},
		{"an interlaced RGBA PNG of 4,096 × 4,096",
			testutil.CraftPNG(t, testutil.PNGSpec{W: 4096, H: 4096, Colour: 6, Depth: 8, Interlaced: true}), avatar.ErrTooCostly},
		{"a lossy WebP whose compressed alpha declares 2,600 groups of costly trees in 30 KB (135 MB)",
			testutil.LossyWebPWithAlpha(204, 204, testutil.CostlyAlpha(204, 204, 2600), make([]byte, 64)), avatar.ErrTooCostly},
	} {
		var err error
		got := allocated(func() { _, err = avatar.Check(c.raw) })
		if !errors.Is(err, c.want) {
			t.Errorf("%s (%d bytes): got %v, want %v", c.name, len(c.raw), err, c.want)
		}
		if got > 1<<20 {
			t.Errorf("%s: reading the headers allocated %d bytes", c.name, got)
		}
	}
}

// Lossless WebP is refused from its headers, before anything decodes it:
// what golang.org/x/image/vp8l allocates depends on the Huffman trees the
// file declares, which no header tells (the 600 KB HuffmanGroupsWebP made it
// allocate 205 MB for a 204 × 204 picture). So is animated WebP, which the
// decoder cannot read. Before the refusal, Check let all of these through.
func TestLosslessAndAnimatedWebPAreRefusedFromTheirHeaders(t *testing.T) {
	colour := color.NRGBA{200, 100, 50, 255}
	small := testutil.LosslessWebP(64, 48, colour)
	// A genuine lossless picture: x/image decodes it, bare and extended.
	extended := testutil.RIFFWebP(testutil.VP8XChunk(64, 48, 0), testutil.WebPChunk("VP8L", testutil.WebPChunks(small)["VP8L"]))
	for _, raw := range [][]byte{small, extended} {
		img, err := webp.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if got := color.NRGBAModel.Convert(img.At(63, 47)); got != colour || img.Bounds().Dx() != 64 {
			t.Fatalf("decoded %v of %v, want %v", got, img.Bounds(), colour)
		}
	}
	vp8 := testutil.WebPChunks(readFile(t, "testdata/gradient-3000x2000.lossy.webp"))["VP8 "]
	frame := append(make([]byte, 16), testutil.WebPChunk("VP8 ", vp8)...) // at 0, 0, of 3,000 × 2,000, 100 ms
	frame[6], frame[7], frame[9], frame[10], frame[12] = 0xb7, 0x0b, 0xcf, 0x07, 100
	for _, c := range []struct {
		name string
		raw  []byte
		want error
	}{
		{"a 600 KB lossless WebP of 2,600 groups of Huffman trees", testutil.HuffmanGroupsWebP(2600), avatar.ErrLosslessWebP},
		{"a lossless WebP of our 3,000 × 2,000 gradient", readFile(t, "testdata/gradient-3000x2000.lossless.webp"), avatar.ErrLosslessWebP},
		{"a lossless WebP of 64 × 48", small, avatar.ErrLosslessWebP},
		{"a lossless WebP of 64 × 48 in an extended file", extended, avatar.ErrLosslessWebP},
		{"an animated WebP", testutil.RIFFWebP(testutil.VP8XChunk(3000, 2000, 0x02),
			testutil.WebPChunk("ANIM", make([]byte, 6)), testutil.WebPChunk("ANMF", frame)), avatar.ErrAnimatedWebP},
	} {
		var err error
		cpu := cpuTime()
		got := allocated(func() { _, err = avatar.Check(c.raw) })
		spent := cpuTime() - cpu
		if !errors.Is(err, c.want) {
			t.Errorf("%s (%d bytes): got %v, want %v", c.name, len(c.raw), err, c.want)
		}
		if got > 1<<20 || spent > 100*time.Millisecond {
			t.Errorf("%s: reading the headers allocated %d bytes, CPU %v", c.name, got, spent)
		}
		if _, _, err := avatar.Normalize(t.Context(), c.raw); !errors.Is(err, c.want) {
			t.Errorf("%s: Normalize answered %v", c.name, err)
		}
	}
}

// The costliest pictures Check accepts stay within the bound, measured,
// as avatars and as photos (a photo's larger side refuses some that an
// avatar takes: those are named): what decoding allocates (once) plus
// what scaling and encoding at each size allocate. The times are what
// docs/security.md reports.
func TestWorstAcceptedPictures(t *testing.T) {
	for _, c := range []struct {
		name       string
		raw        []byte
		photoCosts bool // refused as a photo: ErrTooCostly
	}{
		{"progressive grey JPEG, 4,096 × 4,096, 32 refinement scans (the most CPU)",
			testutil.CraftJPEG(testutil.GreyJPEG.Sized(4096, 4096).ProgressiveScans(avatar.MaxProgressiveScans, true)), false},
		{"progressive 4:2:0 JPEG, 4,096 × 3,072",
			testutil.CraftJPEG(testutil.YCbCr420JPEG.Sized(4096, 3072).ProgressiveScans(3, false)), false},
		{"progressive 4:4:4 JPEG, 2,560 × 2,560",
			testutil.CraftJPEG(testutil.YCbCr444JPEG.Sized(2560, 2560).ProgressiveScans(3, false)), true},
		{"CMYK JPEG, 4,096 × 3,072", testutil.CraftJPEG(testutil.CMYKJPEG.Sized(4096, 3072)), true},
		{"RGBA PNG, 4,096 × 4,096", testutil.CraftPNG(t, testutil.PNGSpec{W: 4096, H: 4096, Colour: 6, Depth: 8}), false},
		{"16-bit RGBA PNG, 4,096 × 3,072", testutil.CraftPNG(t, testutil.PNGSpec{W: 4096, H: 3072, Colour: 6, Depth: 16}), true},
		{"lossy WebP, 3,000 × 2,000, alpha through transforms and a colour table",
			testutil.LossyWebPWithAlpha(3000, 2000, testutil.TableAlpha(3000, 2000), testutil.WebPChunks(readFile(t, "testdata/gradient-3000x2000.lossy.webp"))["VP8 "]), false},
		{"grainy transparent PNG, 1,024 × 1,024 (the costliest to store again)", grainyTransparentPNG(t, 1024), false},
	} {
		var img image.Image
		var err error
		cpu := cpuTime()
		decoded := allocated(func() { img, err = avatar.Decode(c.raw) })
		decodeCPU := cpuTime() - cpu
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for _, s := range []struct {
			name string
			size avatar.Size
		}{{"avatar", avatar.Avatar}, {"photo", avatar.Photo}} {
			_, err := s.size.Check(c.raw)
			if s.size == avatar.Photo && c.photoCosts {
				if !errors.Is(err, avatar.ErrTooCostly) {
					t.Errorf("%s as a photo: got %v, want ErrTooCostly", c.name, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s as %s: %v", c.name, s.name, err)
				continue
			}
			cpu := cpuTime()
			got := decoded + allocated(func() { err = avatar.FitAndEncode(s.size, img) })
			t.Logf("%-72s %-6s %4d MB, CPU %v", c.name, s.name, got>>20, (decodeCPU + cpuTime() - cpu).Round(time.Millisecond))
			if err != nil {
				t.Errorf("%s as %s: %v", c.name, s.name, err)
			}
			if got > avatar.MaxImageBytes {
				t.Errorf("%s as %s: allocated %d MB, more than the bound", c.name, s.name, got>>20)
			}
		}
	}
}

// While the costliest accepted picture decodes, another member's upload
// goes through at once: with one slot it waited for the whole decode.
func TestOneCostlyUploadDoesNotHoldUpOthers(t *testing.T) {
	costly := testutil.CraftJPEG(testutil.GreyJPEG.Sized(4096, 4096).ProgressiveScans(avatar.MaxProgressiveScans, true))
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, _, err := avatar.Normalize(t.Context(), costly); err != nil {
			t.Error(err)
		}
	}()
	testutil.Eventually(t, 10*time.Second, "the costly upload to take its slot", avatar.SlotTaken)
	var buf bytes.Buffer
	_ = png.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, 800, 600)))
	start := time.Now()
	if _, _, err := avatar.Normalize(t.Context(), buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
		t.Errorf("the small upload waited for the costly one (%v)", time.Since(start))
	default:
		t.Logf("a small upload during the costliest decode took %v", time.Since(start))
	}
	<-done
}

// A progressive JPEG from a real encoder (libjpeg-turbo 2.1.5's jpegtran
// -progressive, 10 scans, from a gradient Go encoded at quality 90) passes
// and is stored as the picture it is.
func TestRealProgressiveJPEGPasses(t *testing.T) {
	raw, err := os.ReadFile("testdata/gradient-1600x1200.progressive.jpg")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := avatar.Scans(raw); err != nil || n != 10 {
		t.Fatalf("%d scans (%v), want 10", n, err)
	}
	out, ext, err := avatar.Normalize(t.Context(), raw)
	if err != nil || ext != ".jpg" {
		t.Fatalf("%s %v", ext, err)
	}
	img, _, err := image.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 512 || b.Dy() != 384 {
		t.Fatalf("stored %v, want 512 × 384", b)
	}
	worst := 0
	for y := 4; y < 380; y += 16 {
		for x := 4; x < 508; x += 16 {
			r, g, b, _ := img.At(x, y).RGBA()
			want := [3]int{(x*1600/512 + 1) * 255 / 1600, (y*1200/384 + 1) * 255 / 1200, 128}
			for i, v := range [3]uint32{r >> 8, g >> 8, b >> 8} {
				worst = max(worst, abs(int(v)-want[i]))
			}
		}
	}
	if worst > 8 {
		t.Errorf("the stored picture is off the gradient by up to %d levels", worst)
	}
}

// cpuTime is the CPU the process has used (user and system): on a shared
// machine the wall clock tells more about the neighbours than the work.
// grainyTransparentPNG is a side × side gradient with transparency and a
// bit of grain in every channel, as a dithered cut-out has: it stays PNG
// when stored, and such grain is what compresses slowest (at the best
// compression level, 22 s of CPU at 1,024 pixels a side). It is written
// uncompressed here: only storing it again is measured.
func grainyTransparentPNG(t *testing.T, side int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	state := uint32(1)
	for i := range img.Pix {
		state = state*1664525 + 1013904223 // a fixed sequence: the same picture every run
		img.Pix[i] = byte(i/4%side*255/side) + byte(state>>31)
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func cpuTime() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Image work takes as many slots as pictures of the most accepted cost fit
// in its bound: at least one, at most two.
func TestImageWorkSlotsFitTheirBound(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct {
		bytes int64
		want  int
	}{{0, 1}, {131 * mib, 1}, {255 * mib, 1}, {256 * mib, 2}, {285 * mib, 2}, {4096 * mib, 2}} {
		if got := avatar.WorkSlotsFor(c.bytes); got != c.want {
			t.Errorf("%d MiB: %d slots, want %d", c.bytes/mib, got, c.want)
		}
	}
}
