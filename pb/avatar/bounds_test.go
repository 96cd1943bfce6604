package avatar_test

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"syscall"
	"testing"
	"time"

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

// A lossless WebP's Huffman trees are the file's choice: 600 KB of them
// made golang.org/x/image/vp8l allocate 205 MB for a 204 × 204 picture.
// The decoder now stops when it reaches the bound.
func TestLosslessWebPStopsAtTheBound(t *testing.T) {
	raw := testutil.HuffmanGroupsWebP(2600)
	if _, err := avatar.Check(raw); err != nil {
		t.Fatalf("the headers alone cannot tell: %v", err)
	}
	var err error
	cpu := cpuTime()
	got := allocated(func() { _, _, err = avatar.Normalize(t.Context(), raw) })
	t.Logf("%d MB, CPU %v", got>>20, (cpuTime() - cpu).Round(time.Millisecond))
	if !errors.Is(err, avatar.ErrTooCostly) {
		t.Errorf("got %v, want %v", err, avatar.ErrTooCostly)
	}
	if got > avatar.MaxImageBytes {
		t.Errorf("allocated %d MB, more than the bound", got>>20)
	}
}

// The costliest pictures Check accepts stay within the bound, measured;
// the times are what docs/security.md reports.
func TestWorstAcceptedPictures(t *testing.T) {
	for _, c := range []struct {
		name string
		raw  []byte
	}{
		{"progressive grey JPEG, 4,096 × 4,096, 32 refinement scans (the most CPU)",
			testutil.CraftJPEG(testutil.GreyJPEG.Sized(4096, 4096).ProgressiveScans(avatar.MaxProgressiveScans, true))},
		{"progressive 4:2:0 JPEG, 4,096 × 3,072",
			testutil.CraftJPEG(testutil.YCbCr420JPEG.Sized(4096, 3072).ProgressiveScans(3, false))},
		{"progressive 4:4:4 JPEG, 2,560 × 2,560",
			testutil.CraftJPEG(testutil.YCbCr444JPEG.Sized(2560, 2560).ProgressiveScans(3, false))},
		{"CMYK JPEG, 4,096 × 3,072", testutil.CraftJPEG(testutil.CMYKJPEG.Sized(4096, 3072))},
		{"RGBA PNG, 4,096 × 4,096", testutil.CraftPNG(t, testutil.PNGSpec{W: 4096, H: 4096, Colour: 6, Depth: 8})},
		{"16-bit RGBA PNG, 4,096 × 3,072", testutil.CraftPNG(t, testutil.PNGSpec{W: 4096, H: 3072, Colour: 6, Depth: 16})},
	} {
		if _, err := avatar.Check(c.raw); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var err error
		start, cpu := time.Now(), cpuTime()
		got := allocated(func() { _, _, err = avatar.Normalize(t.Context(), c.raw) })
		t.Logf("%-75s %4d MB, CPU %v (wall %v)", c.name, got>>20, (cpuTime() - cpu).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if got > avatar.MaxImageBytes {
			t.Errorf("%s: allocated %d MB, more than the bound", c.name, got>>20)
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
	for !avatar.SlotTaken() {
		time.Sleep(time.Millisecond)
	}
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
