package settings_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/testutil"
)

func seed(t testing.TB, app core.App) {
	priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "priya@example.com"})
	priya.Set("socialMedia", []map[string]any{{"platform": "github", "username": "priya", "verified": true, "verificationDate": "2026-01-01T00:00:00Z"}})
	if err := app.Save(priya); err != nil {
		t.Fatal(err)
	}
	testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
}

func priya(t testing.TB, app core.App) *core.Record { return testutil.FindByUsername(t, app, "priya") }

func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	testutil.Call{
		Name:   "visitor is refused",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{}`,
		Status: 401,
		Want:   []string{`"status":401`},
		Events: testutil.NoWrites(),
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "member edits name, bio and links; privileged fields are ignored; a changed link loses its verification",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body: `{"displayName":" Priya S ","bio":"Runs a club","isAdmin":true,"isVerified":true,"subscriptionStatus":"active",
		  "socialMedia":[{"platform":"github","username":"priya","verified":false},{"platform":"x","username":"@priya_s","verified":true,"verificationDate":"2020-01-01"}]}`,
		Status: 200,
		Events: testutil.Writes(0, 1, 0),
		Want: []string{`"displayName":"Priya S"`, `"bio":"Runs a club"`, `"isAdmin":false`, `"isVerified":false`,
			`{"platform":"github","username":"priya","verified":true,"verificationDate":"2026-01-01T00:00:00Z"}`,
			`{"platform":"x","username":"@priya_s","verified":false,"verificationDate":""}`},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := priya(t, app)
			if p.GetBool("isAdmin") || p.GetBool("isVerified") || p.GetString("subscriptionStatus") != "" {
				t.Errorf("privileged fields written: %v", p.PublicExport())
			}
		},
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "changing a verified link's username resets its verification",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"socialMedia":[{"platform":"github","username":"priya-new"}]}`,
		Status: 200,
		Events: testutil.Writes(0, 1, 0),
		Want:   []string{`{"platform":"github","username":"priya-new","verified":false,"verificationDate":""}`},
	}.Test(t, f)
	unchanged := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if p := priya(t, app); p.GetString("displayName") != "Member priya" || p.GetString("bio") != "" {
			t.Errorf("invalid edit was written: %v", p.PublicExport())
		}
	}
	testutil.Call{
		Who:    "priya",
		Name:   "display name required, bio bounded",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"displayName":"  ","bio":"` + strings.Repeat("b", 1001) + `"}`,
		Status: 400,
		Want:   []string{"Display name is required", "Bio must be at most 1000 characters"},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "display name at most 80",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"displayName":"` + strings.Repeat("n", 81) + `"}`,
		Status: 400,
		Want:   []string{"Display name must be at most 80 characters"},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "unknown platform",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"socialMedia":[{"platform":"myspace","username":"p"}]}`,
		Status: 400,
		Want:   []string{"Unknown platform"},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "at most 8 links",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"socialMedia":[` + strings.Repeat(`{"platform":"github","username":"a"},`, 8) + `{"platform":"x","username":"b"}]}`,
		Status: 400,
		Want:   []string{"At most 8 social links"},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "a hostile website link is refused",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"socialMedia":[{"platform":"website","username":"javascript:alert(1)"}]}`,
		Status: 400,
		Want:   []string{"Website must be an http:// or https:// address"},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "markup in a handle is refused",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"socialMedia":[{"platform":"instagram","username":"<img src=x>"}]}`,
		Status: 400,
		Want:   []string{"Usernames may only contain"},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "overlong handle is refused",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"socialMedia":[{"platform":"youtube","username":"` + strings.Repeat("u", 101) + `"}]}`,
		Status: 400,
		Want:   []string{"Usernames must be at most 100 characters"},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "malformed JSON",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"bio":`,
		Status: 400,
		Want:   []string{"The request body is not valid JSON."},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "wrong types",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"socialMedia":"github"}`,
		Status: 400,
		Want:   []string{"The request body is not valid JSON."},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "oversized body",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body:   `{"bio":"` + strings.Repeat("x", 40<<10) + `"}`,
		Status: 413,
		Want:   []string{`"status":413`},
		Events: testutil.NoWrites(),
		After:  unchanged,
	}.Test(t, f)
	testutil.Call{
		Who:     "priya",
		Name:    "a cross-site request riding the cookie is refused",
		Method:  http.MethodPatch,
		URL:     "/api/user",
		Body:    `{"bio":"x"}`,
		Headers: map[string]string{"Origin": "https://evil.example"},
		Status:  403,
		Want:    []string{"Cross-origin request rejected."},
		Events:  testutil.NoWrites(),
		After:   unchanged,
	}.Test(t, f)
}

func pngBytes(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{255, 0, 0, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func multipartBody(t testing.TB, field, filename string, content []byte) (string, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile(field, filename)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(content)
	w.Close()
	return buf.String(), w.FormDataContentType()
}

func TestAvatar(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	noAvatar := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if a := priya(t, app).GetString("avatar"); a != "" {
			t.Errorf("avatar stored: %q", a)
		}
	}
	// upload sends content as the avatar file named filename, as priya.
	upload := func(filename string, content []byte, c testutil.Call) {
		body, ctype := multipartBody(t, "avatar", filename, content)
		c.Who, c.Method, c.URL, c.Body = "priya", http.MethodPost, "/api/user/avatar", body
		c.Headers = map[string]string{"Content-Type": ctype}
		c.Test(t, f)
	}
	upload("me.png", pngBytes(t), testutil.Call{
		Name:   "a real PNG becomes the avatar",
		Status: 200,
		Events: testutil.Writes(0, 1, 0),
		Want:   []string{`"avatar":"/api/files/`},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if a := priya(t, app).GetString("avatar"); !strings.HasSuffix(a, ".png") {
				t.Errorf("avatar not stored: %q", a)
			}
		},
	})
	upload("fake.png", []byte("<html><script>alert(1)</script></html>"), testutil.Call{
		Name:   "a text file renamed .png is refused",
		Status: 400,
		Want:   []string{"The avatar must be a JPEG, PNG, GIF or WebP image"},
		Events: testutil.NoWrites(),
		After:  noAvatar,
	})
	upload("trick.png", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...), testutil.Call{
		Name:   "a PNG signature with garbage behind it is refused",
		Status: 400,
		Want:   []string{"The avatar must be a JPEG, PNG, GIF or WebP image"},
		Events: testutil.NoWrites(),
		After:  noAvatar,
	})
	big := append(pngBytes(t), bytes.Repeat([]byte{0}, 3<<20)...)
	upload("big.png", big, testutil.Call{
		Name:   "a 3 MB upload is refused before it is read",
		Status: 413,
		Want:   []string{`"status":413`},
		Events: testutil.NoWrites(),
		After:  noAvatar,
	})
	justOver := append(pngBytes(t), bytes.Repeat([]byte{0}, (2<<20)-len(pngBytes(t))+1)...)
	upload("over.png", justOver, testutil.Call{
		Name:   "a file just over 2 MB is refused with a message",
		Status: 400,
		Want:   []string{"The image must be at most 2 MB"},
		Events: testutil.NoWrites(),
		After:  noAvatar,
	})
	upload("", nil, testutil.Call{
		Name:   "the wrong field is refused",
		Status: 400,
		Want:   []string{"Choose one image to upload"},
		Events: testutil.NoWrites(),
		After:  noAvatar,
	})
	testutil.Call{
		Name:   "visitor cannot upload",
		Method: http.MethodPost,
		URL:    "/api/user/avatar",
		Status: 401,
		Want:   []string{`"status":401`},
		Events: testutil.NoWrites(),
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "removing an avatar",
		Method: http.MethodDelete,
		URL:    "/api/user/avatar",
		Status: 200,
		Events: testutil.Writes(0, 1, 0),
		Want:   []string{`"avatar":""`},
		After:  noAvatar,
	}.Test(t, f)
}

func TestEmailAndPassword(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	testutil.Call{
		Who:    "priya",
		Name:   "an invalid address is refused",
		Method: http.MethodPost,
		URL:    "/api/user/email",
		Body:   `{"email":"not an address"}`,
		Status: 400,
		Want:   []string{"Enter a valid e-mail address"},
		Events: testutil.NoWrites(),
	}.Test(t, f)
	samePassword := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if !priya(t, app).ValidatePassword(testutil.Password) {
			t.Error("password changed")
		}
	}
	testutil.Call{
		Who:    "priya",
		Name:   "the wrong current password is refused",
		Method: http.MethodPost,
		URL:    "/api/user/password",
		Body:   `{"currentPassword":"wrong-one","newPassword":"brand-new-1"}`,
		Status: 400,
		Want:   []string{"Current password is incorrect"},
		Events: testutil.NoWrites(),
		After:  samePassword,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "the current password is required, the new one at least 6",
		Method: http.MethodPost,
		URL:    "/api/user/password",
		Body:   `{"newPassword":"12345"}`,
		Status: 400,
		Want:   []string{"Current password is required", "Password must be at least 6 characters"},
		Events: testutil.NoWrites(),
		After:  samePassword,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "the right current password changes it and re-issues the session",
		Method: http.MethodPost,
		URL:    "/api/user/password",
		Body:   `{"currentPassword":"` + testutil.Password + `","newPassword":"brand-new-1"}`,
		Status: 200,
		Events: testutil.WritesAmidMail(0, 1), // the notice to the address (TestSignInChangesAreToldToTheProvenAddress)
		Want:   []string{`"username":"priya"`},
		After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if !priya(t, app).ValidatePassword("brand-new-1") {
				t.Error("password not changed")
			}
			if !strings.Contains(res.Header.Get("Set-Cookie"), "sb_session=ey") {
				t.Errorf("session not re-issued: %q", res.Header.Get("Set-Cookie"))
			}
		},
	}.Test(t, f)
}

func TestDeleteAccount(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seed(t, app)
		p, d := priya(t, app), testutil.FindByUsername(t, app, "dan")
		testutil.CreateListing(t, app, "sponsorships", p, testutil.ListingOpts{Title: "Priya's offer"})
		conv, _, err := messaging.Open(app, p.Id, d.Id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := messaging.Send(app, conv.Id, messaging.Post{SenderID: p.Id, Body: "Bye from priya"}); err != nil {
			t.Fatal(err)
		}
	})
	stillThere := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if _, err := app.FindFirstRecordByData("users", "username", "priya"); err != nil {
			t.Error("account was deleted")
		}
	}
	testutil.Call{
		Who:    "priya",
		Name:   "without confirmation nothing happens",
		Method: http.MethodDelete,
		URL:    "/api/user",
		Body:   `{}`,
		Status: 400,
		Want:   []string{"Type DELETE to confirm"},
		Events: testutil.NoWrites(),
		After:  stillThere,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "a wrong confirmation word",
		Method: http.MethodDelete,
		URL:    "/api/user",
		Body:   `{"confirm":"delete"}`,
		Status: 400,
		Want:   []string{"Type DELETE to confirm"},
		Events: testutil.NoWrites(),
		After:  stillThere,
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "a wrong password",
		Method: http.MethodDelete,
		URL:    "/api/user",
		Body:   `{"password":"nope-nope"}`,
		Status: 400,
		Want:   []string{"Password is incorrect"},
		Events: testutil.NoWrites(),
		After:  stillThere,
	}.Test(t, f)
	testutil.Call{
		Name:   "visitor is refused",
		Method: http.MethodDelete,
		URL:    "/api/user",
		Body:   `{"confirm":"DELETE"}`,
		Status: 401,
		Want:   []string{`"status":401`},
		Events: testutil.NoWrites(),
	}.Test(t, f)
	testutil.Call{
		Who:    "priya",
		Name:   "confirmed: the member and their listings go; the other side keeps the conversation",
		Method: http.MethodDelete,
		URL:    "/api/user",
		Body:   `{"confirm":"DELETE"}`,
		Status: 204,
		Events: accountDeleted(),
		After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if _, err := app.FindFirstRecordByData("users", "username", "priya"); err == nil {
				t.Error("account still exists")
			}
			if _, err := app.FindFirstRecordByData("sponsorships", "title", "Priya's offer"); err == nil {
				t.Error("listing not deleted")
			}
			msg, err := app.FindFirstRecordByData("messages", "body", "Bye from priya")
			if err != nil || msg.GetString("sender") != "" {
				t.Errorf("message should stay with no sender: %v", err)
			}
			if c := res.Header.Get("Set-Cookie"); !strings.Contains(c, "sb_session=;") {
				t.Errorf("cookie not cleared: %q", c)
			}
		},
	}.Test(t, f)
	testutil.Prepared(f, tests.ApiScenario{
		Name: "the other member still reads the messages, from 'Deleted member'", Method: http.MethodGet,
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"body":"Bye from priya"`, `"displayName":"Deleted member"`, `"deleted":true`},
		NotExpectedContent: []string{"Member priya"},
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		d := testutil.FindByUsername(t, app, "dan")
		conv, _, err := messaging.Open(app, d.Id, priya(t, app).Id)
		if err != nil {
			t.Fatal(err)
		}
		if err := app.Delete(priya(t, app)); err != nil {
			t.Fatal(err)
		}
		s.URL = "/api/conversations/" + conv.Id + "/messages"
		testutil.As("dan")(t, app, s)
	}).Test(t)
}

// accountDeleted: the member and their listing are deleted; PocketBase's
// cascade updates what pointed at the member (three records: their message
// loses its sender, the conversation its member), saving without validation.
func accountDeleted() map[string]int {
	m := testutil.Writes(0, 3, 2)
	delete(m, "OnModelValidate") // "*": 0 keeps them at zero
	delete(m, "OnRecordValidate")
	return m
}
