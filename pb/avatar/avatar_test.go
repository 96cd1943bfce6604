package avatar_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func TestCheckReadsTheHeaderOnly(t *testing.T) {
	for _, c := range []struct {
		name string
		raw  []byte
		want error
	}{
		{"8000 × 8000", testutil.LargePNG(t, 8000, 8000), avatar.ErrTooLarge},
		{"4097 × 4096", testutil.PNGHeader(4097, 4096), avatar.ErrTooLarge},
		{"4096 × 4096", testutil.PNGHeader(4096, 4096), nil},
		{"a header claiming 100000 × 100000 with nothing behind it", testutil.PNGHeader(100000, 100000), avatar.ErrTooLarge},
		{"not an image", []byte("<svg/>"), avatar.ErrNotImage},
	} {
		if _, err := avatar.Check(c.raw); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
}

func TestNormalizeKeepsTransparencyAndShape(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 40, 1000))
	img.Set(0, 0, color.NRGBA{1, 2, 3, 10})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	out, ext, err := avatar.Normalize(t.Context(), buf.Bytes())
	if err != nil || ext != ".png" {
		t.Fatalf("%s %v", ext, err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(out))
	if err != nil || cfg.Width != 20 || cfg.Height != 512 {
		t.Errorf("stored %dx%d (%v), want 20x512", cfg.Width, cfg.Height, err)
	}
	// Compressed at the default level or below, never the best: the best
	// took 9.9 s of CPU for a dithered photo (TestWorstAcceptedPictures
	// measures it). The zlib header of the pixel data names the level.
	if level := zlibLevel(t, out); level > 2 {
		t.Errorf("stored at zlib level class %d, want the default (2) or less", level)
	}
}

// zlibLevel reads the compression level class (0 fastest, 2 default, 3
// best) from the zlib header that opens a PNG's first IDAT chunk.
func zlibLevel(t *testing.T, raw []byte) int {
	t.Helper()
	for at := 8; at+8 <= len(raw); {
		size := int(binary.BigEndian.Uint32(raw[at:]))
		if string(raw[at+4:at+8]) == "IDAT" && size >= 2 && at+10 <= len(raw) {
			return int(raw[at+9] >> 6)
		}
		at += 12 + size
	}
	t.Fatal("no IDAT chunk")
	return 0
}

// Thumbnails share the decoding slots with uploads: while they are all
// taken, a thumbnail waits and then answers 503; plain files pass.
func TestThumbnailsWaitForASlot(t *testing.T) {
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	member := testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	var buf bytes.Buffer
	_ = png.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, 300, 300)))
	file, _ := filesystem.NewFileFromBytes(buf.Bytes(), "a.png")
	member.Set("avatar", file)
	if err := app.Save(member); err != nil {
		t.Fatal(err)
	}
	j := testutil.NewJourney(t, app)
	url := "/api/files/" + member.Collection().Id + "/" + member.Id + "/" + member.GetString("avatar")
	get := func(name, url string, status int, content ...string) tests.ApiScenario {
		s := tests.ApiScenario{Name: name, Method: http.MethodGet, URL: url, ExpectedStatus: status,
			ExpectedEvents: testutil.NoWrites(), ExpectedContent: content}
		if status == 200 {
			s.NotExpectedContent = []string{`"message"`} // a picture, not an error
		}
		return s
	}

	defer avatar.SetWaits(200 * time.Millisecond)()
	release := avatar.HoldAllSlots()
	start := time.Now()
	j.Step(t, get("a thumbnail while the slots are taken", url+"?thumb=96x96", 503, `"status":503`))
	if waited := time.Since(start); waited < 150*time.Millisecond {
		t.Errorf("the thumbnail answered after %v, without waiting for a slot", waited)
	}
	j.Step(t, get("the original while the slots are taken", url, 200))
	release()
	j.Step(t, get("a thumbnail with a free slot", url+"?thumb=96x96", 200))
}

// Avatars stored before the bound existed are removed when over it.
func TestClearOversized(t *testing.T) {
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	store := func(name string, raw []byte) *core.Record {
		m := testutil.CreateMember(t, app, name, testutil.MemberOpts{})
		f, _ := filesystem.NewFileFromBytes(raw, "a.png")
		m.Set("avatar", f)
		if err := app.Save(m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	bomb := store("bomb", testutil.LargePNG(t, 8000, 8000))
	fine := store("fine", testutil.LargePNG(t, 600, 600))
	n, err := avatar.ClearOversized(app)
	if err != nil || n != 1 {
		t.Fatalf("removed %d (%v), want 1", n, err)
	}
	if a := testutil.Find(t, app, "users", bomb.Id).GetString("avatar"); a != "" {
		t.Errorf("oversized avatar kept: %q", a)
	}
	if a := testutil.Find(t, app, "users", fine.Id).GetString("avatar"); a == "" {
		t.Error("a picture within the bound was removed")
	}
}

// The fast pixel readers agree with the image's own At for every decoder type.
func TestShrinkReadsEveryTypeAlike(t *testing.T) {
	rect := image.Rect(0, 0, 9, 7)
	fill := func(set func(x, y int)) {
		for y := range 7 {
			for x := range 9 {
				set(x, y)
			}
		}
	}
	nrgba := image.NewNRGBA(rect)
	fill(func(x, y int) { nrgba.SetNRGBA(x, y, color.NRGBA{uint8(x * 20), uint8(y * 30), 90, uint8(40 + x*y*3)}) })
	rgba := image.NewRGBA(rect)
	fill(func(x, y int) { rgba.Set(x, y, nrgba.At(x, y)) })
	gray := image.NewGray(rect)
	fill(func(x, y int) { gray.SetGray(x, y, color.Gray{uint8(x*y + 3)}) })
	ycc := image.NewYCbCr(rect, image.YCbCrSubsampleRatio420)
	fill(func(x, y int) { ycc.Y[ycc.YOffset(x, y)] = uint8(x * 25) })
	pal := image.NewPaletted(rect, color.Palette{color.NRGBA{255, 0, 0, 128}, color.Black})
	fill(func(x, y int) { pal.SetColorIndex(x, y, uint8((x+y)%2)) })
	cmyk := image.NewCMYK(rect)
	fill(func(x, y int) { cmyk.SetCMYK(x, y, color.CMYK{uint8(x * 20), uint8(y * 30), 90, uint8(x * y)}) })
	gray16 := image.NewGray16(rect)
	fill(func(x, y int) { gray16.SetGray16(x, y, color.Gray16{uint16(x*y*999 + 3)}) })
	for name, img := range map[string]image.Image{"NRGBA": nrgba, "RGBA": rgba, "Gray": gray, "YCbCr": ycc, "Paletted": pal, "CMYK": cmyk, "Gray16": gray16} {
		fast, slow := avatar.Shrink(img, 3), avatar.ShrinkSlow(img, 3)
		if !bytes.Equal(fast.Pix, slow.Pix) {
			t.Errorf("%s: fast %v, slow %v", name, fast.Pix[:8], slow.Pix[:8])
		}
	}
}
