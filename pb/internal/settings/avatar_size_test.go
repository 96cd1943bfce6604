package settings_test

import (
	"bytes"
	"image"
	_ "image/jpeg"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

// A small file may describe a huge picture: its size is read from the
// header and a picture over the bound is refused before anything decodes it.
func TestAvatarPixelBound(t *testing.T) {
	t.Parallel()
	f := testutil.Factory(nil, seed)
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
	call(t, f, "priya", tests.ApiScenario{
		Name:            "an 8000 × 8000 PNG of a few hundred KB is refused",
		Method:          http.MethodPost,
		URL:             "/api/user/avatar",
		Body:            strings.NewReader(body),
		Headers:         map[string]string{"Content-Type": ctype},
		ExpectedStatus:  400,
		ExpectedContent: []string{"The image is too large: at most 16 megapixels (4096 × 4096 pixels)"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   noAvatar,
	})
	body, ctype = multipartBody(t, "avatar", "wide.png", testutil.LargePNG(t, 20000, 10))
	call(t, f, "priya", tests.ApiScenario{
		Name:            "a very wide strip within the pixel count passes",
		Method:          http.MethodPost,
		URL:             "/api/user/avatar",
		Body:            strings.NewReader(body),
		Headers:         map[string]string{"Content-Type": ctype},
		ExpectedStatus:  200,
		ExpectedContent: []string{`"avatar":"/api/files/`},
	})
}

// An accepted avatar is stored re-encoded to at most 512 pixels a side, so
// thumbnails never decode a large original.
func TestAvatarIsStoredSmall(t *testing.T) {
	t.Parallel()
	f := testutil.Factory(nil, seed)
	body, ctype := multipartBody(t, "avatar", "photo.png", testutil.LargePNG(t, 3000, 2000))
	call(t, f, "priya", tests.ApiScenario{
		Name:            "a 3000 × 2000 picture is stored at 512 × 341 as JPEG",
		Method:          http.MethodPost,
		URL:             "/api/user/avatar",
		Body:            strings.NewReader(body),
		Headers:         map[string]string{"Content-Type": ctype},
		ExpectedStatus:  200,
		ExpectedContent: []string{`"avatar":"/api/files/`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
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
	})
}

// Pictures whose headers promise minutes of CPU or hundreds of megabytes
// are refused before anything decodes them (on the code before the scan
// count and the memory estimate, all three were accepted and decoded).
func TestAvatarDecodingBounds(t *testing.T) {
	t.Parallel()
	f := testutil.Factory(nil, seed)
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
	} {
		body, ctype := multipartBody(t, "avatar", "picture.jpg", c.raw)
		call(t, f, "priya", tests.ApiScenario{
			Name:            c.name,
			Method:          http.MethodPost,
			URL:             "/api/user/avatar",
			Body:            strings.NewReader(body),
			Headers:         map[string]string{"Content-Type": ctype},
			ExpectedStatus:  400,
			ExpectedContent: []string{c.message},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if a := priya(t, app).GetString("avatar"); a != "" {
					t.Errorf("avatar stored: %q", a)
				}
			},
		})
	}
}
