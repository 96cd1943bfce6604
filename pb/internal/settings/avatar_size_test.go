package settings_test

import (
	"bytes"
	"image"
	"image/color"
	_ "image/jpeg"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// A small file may describe a huge picture: its size is read from the
// header and a picture over the bound is refused before anything decodes it.
func TestAvatarPixelBound(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	noAvatar := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if a := priya(t, app).GetString("avatar"); a != "" {
			t.Errorf("avatar stored: %q", a)
		}
	}
	bomb := testutil.LargePNG(t, 8000, 8000)
	if len(bomb) > 300<<10 {
		t.Fatalf("the test picture is %d bytes", len(bomb))
	}
	body, ctype := multipartBody(t, "avatar", "bomb.png", bomb)
	testutil.Call{
		Who:     "priya",
		Name:    "an 8000 × 8000 PNG of a few hundred KB is refused",
		Method:  http.MethodPost,
		URL:     "/api/user/avatar",
		Body:    body,
		Headers: map[string]string{"Content-Type": ctype},
		Status:  400,
		Want:    []string{"The image is too large: at most 16 megapixels (4096 × 4096 pixels)"},
		Events:  testutil.NoWrites(),
		After:   noAvatar,
	}.Test(t, f)
	body, ctype = multipartBody(t, "avatar", "wide.png", testutil.LargePNG(t, 20000, 10))
	testutil.Call{
		Who:     "priya",
		Name:    "a very wide strip within the pixel count passes",
		Method:  http.MethodPost,
		URL:     "/api/user/avatar",
		Body:    body,
		Headers: map[string]string{"Content-Type": ctype},
		Status:  200,
		Events:  testutil.Writes(0, 1, 0),
		Want:    []string{`"avatar":"/api/files/`},
	}.Test(t, f)
}

// An accepted avatar is stored re-encoded to at most 512 pixels a side, so
// thumbnails never decode a large original.
func TestAvatarIsStoredSmall(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	body, ctype := multipartBody(t, "avatar", "photo.png", testutil.LargePNG(t, 3000, 2000))
	testutil.Call{
		Who:     "priya",
		Name:    "a 3000 × 2000 picture is stored at 512 × 341 as JPEG",
		Method:  http.MethodPost,
		URL:     "/api/user/avatar",
		Body:    body,
		Headers: map[string]string{"Content-Type": ctype},
		Status:  200,
		Events:  testutil.Writes(0, 1, 0),
		Want:    []string{`"avatar":"/api/files/`},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := priya(t, app)
			name := p.GetString("avatar")
			if !strings.HasSuffix(name, ".jpg") {
				t.Fatalf("stored as %q, want a .jpg", name)
			}
			fsys, err := app.NewFilesystem()
			if err != nil {
				t.Fatal(err)
			}
			defer fsys.Close()
			r, err := fsys.GetReader(p.BaseFilesPath() + "/" + name)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			raw, _ := io.ReadAll(r)
			cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
			if err != nil || format != "jpeg" || cfg.Width != 512 || cfg.Height != 341 {
				t.Errorf("stored picture: %s %dx%d (%v)", format, cfg.Width, cfg.Height, err)
			}
		},
	}.Test(t, f)
}

// Pictures whose headers promise minutes of CPU or hundreds of megabytes,
// or whose memory no header tells (lossless WebP), are refused before
// anything decodes them (on the code before the scan count, the memory
// estimate and the WebP refusals, all were accepted and decoded, the
// animated WebP refused as not an image).
func TestAvatarDecodingBounds(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	for _, c := range []struct {
		name, message string
		raw           []byte
	}{
		{"a 237-byte progressive colour JPEG of 4096 × 4096 (240 MB to decode)",
			"The image would take too much memory to process. Please upload a smaller picture, or save it as an ordinary JPEG or PNG",
			testutil.CraftJPEG(testutil.YCbCr444JPEG.Sized(4096, 4096).ProgressiveScans(3, false))},
		{"a progressive JPEG of 5,000 scans (minutes of CPU)",
			"The image is a progressive JPEG saved in too many passes (at most 32). Please save it again as an ordinary JPEG",
			testutil.CraftJPEG(testutil.YCbCr444JPEG.Sized(2048, 2048).ProgressiveScans(5000, true))},
		{"a grey JPEG of 8192 × 8192",
			"The image is too large: at most 16 megapixels (4096 × 4096 pixels)",
			testutil.CraftJPEG(testutil.GreyJPEG.Sized(8192, 8192).ProgressiveScans(1, false))},
		{"a 600 KB lossless WebP of 2,600 groups of Huffman trees (205 MB to decode)",
			"Lossless WebP pictures are not accepted: please upload a JPEG, PNG or lossy WebP",
			testutil.HuffmanGroupsWebP(2600)},
		{"a lossless WebP of 64 × 48",
			"Lossless WebP pictures are not accepted: please upload a JPEG, PNG or lossy WebP",
			testutil.LosslessWebP(64, 48, color.NRGBA{200, 100, 50, 255})},
		{"an animated WebP",
			"Animated WebP pictures are not accepted: please upload a JPEG, PNG or still WebP",
			testutil.RIFFWebP(testutil.VP8XChunk(64, 48, 0x02), testutil.WebPChunk("ANIM", make([]byte, 6)))},
		{"a lossy WebP whose compressed transparency declares 2,600 groups of costly Huffman trees",
			"The image would take too much memory to process. Please upload a smaller picture, or save it as an ordinary JPEG or PNG",
			testutil.LossyWebPWithAlpha(204, 204, testutil.CostlyAlpha(204, 204, 2600), make([]byte, 64))},
	} {
		body, ctype := multipartBody(t, "avatar", "picture.jpg", c.raw)
		testutil.Call{
			Who:     "priya",
			Name:    c.name,
			Method:  http.MethodPost,
			URL:     "/api/user/avatar",
			Body:    body,
			Headers: map[string]string{"Content-Type": ctype},
			Status:  400,
			Want:    []string{c.message},
			Events:  testutil.NoWrites(),
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if a := priya(t, app).GetString("avatar"); a != "" {
					t.Errorf("avatar stored: %q", a)
				}
			},
		}.Test(t, f)
	}
}

// Lossy WebP passes, with and without transparency (our own gradient's
// files; the transparency compressed losslessly), and is stored as JPEG or PNG.
func TestLossyWebPAvatarsPass(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	for _, c := range []struct{ file, ext string }{{"lossy", ".jpg"}, {"lossy-alpha", ".png"}} {
		raw, err := os.ReadFile("../../avatar/testdata/gradient-3000x2000." + c.file + ".webp")
		if err != nil {
			t.Fatal(err)
		}
		body, ctype := multipartBody(t, "avatar", "picture.webp", raw)
		testutil.Call{
			Who:     "priya",
			Name:    "a " + c.file + " WebP of 3000 × 2000",
			Method:  http.MethodPost,
			URL:     "/api/user/avatar",
			Body:    body,
			Headers: map[string]string{"Content-Type": ctype},
			Status:  200,
			Events:  testutil.Writes(0, 1, 0),
			Want:    []string{`"avatar":"/api/files/`},
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if name := priya(t, app).GetString("avatar"); !strings.HasSuffix(name, c.ext) {
					t.Errorf("stored as %q, want a %s", name, c.ext)
				}
			},
		}.Test(t, f)
	}
}
