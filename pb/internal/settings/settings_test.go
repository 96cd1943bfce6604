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

	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/apptest"
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

// call runs s signed in as who (a visitor when empty); s.Headers, if
// any, are added to the session's.
func call(t *testing.T, factory func(testing.TB) *tests.TestApp, who string, s tests.ApiScenario) {
	t.Helper()
	headers := s.Headers
	testutil.Prepared(factory, s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		s.Headers = map[string]string{}
		if who != "" {
			testutil.As(who)(t, app, s)
		}
		for k, v := range headers {
			s.Headers[k] = v
		}
	}).Test(t)
}

func priya(t testing.TB, app core.App) *core.Record { return testutil.FindByUsername(t, app, "priya") }

func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	call(t, f, "", tests.ApiScenario{
		Name:            "visitor is refused",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{}`),
		ExpectedStatus:  401,
		ExpectedContent: []string{`"status":401`},
		ExpectedEvents:  testutil.NoWrites(),
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:   "member edits name, bio and links; privileged fields are ignored; a changed link loses its verification",
		Method: http.MethodPatch,
		URL:    "/api/user",
		Body: strings.NewReader(`{"displayName":" Priya S ","bio":"Runs a club","isAdmin":true,"isVerified":true,"subscriptionStatus":"active",
		  "socialMedia":[{"platform":"github","username":"priya","verified":false},{"platform":"x","username":"@priya_s","verified":true,"verificationDate":"2020-01-01"}]}`),
		ExpectedStatus: 200,
		ExpectedEvents: testutil.Writes(0, 1, 0),
		ExpectedContent: []string{`"displayName":"Priya S"`, `"bio":"Runs a club"`, `"isAdmin":false`, `"isVerified":false`,
			`{"platform":"github","username":"priya","verified":true,"verificationDate":"2026-01-01T00:00:00Z"}`,
			`{"platform":"x","username":"@priya_s","verified":false,"verificationDate":""}`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := priya(t, app)
			if p.GetBool("isAdmin") || p.GetBool("isVerified") || p.GetString("subscriptionStatus") != "" {
				t.Errorf("privileged fields written: %v", p.PublicExport())
			}
		},
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "changing a verified link's username resets its verification",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"socialMedia":[{"platform":"github","username":"priya-new"}]}`),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(0, 1, 0),
		ExpectedContent: []string{`{"platform":"github","username":"priya-new","verified":false,"verificationDate":""}`},
	})
	unchanged := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if p := priya(t, app); p.GetString("displayName") != "Member priya" || p.GetString("bio") != "" {
			t.Errorf("invalid edit was written: %v", p.PublicExport())
		}
	}
	call(t, f, "priya", tests.ApiScenario{
		Name:            "display name required, bio bounded",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"displayName":"  ","bio":"` + strings.Repeat("b", 1001) + `"}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Display name is required", "Bio must be at most 1000 characters"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "display name at most 80",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"displayName":"` + strings.Repeat("n", 81) + `"}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Display name must be at most 80 characters"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "unknown platform",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"socialMedia":[{"platform":"myspace","username":"p"}]}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Unknown platform"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "at most 8 links",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"socialMedia":[` + strings.Repeat(`{"platform":"github","username":"a"},`, 8) + `{"platform":"x","username":"b"}]}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"At most 8 social links"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "a hostile website link is refused",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"socialMedia":[{"platform":"website","username":"javascript:alert(1)"}]}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Website must be an http:// or https:// address"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "markup in a handle is refused",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"socialMedia":[{"platform":"instagram","username":"<img src=x>"}]}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Usernames may only contain"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "overlong handle is refused",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"socialMedia":[{"platform":"youtube","username":"` + strings.Repeat("u", 101) + `"}]}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Usernames must be at most 100 characters"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "malformed JSON",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"bio":`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"The request body is not valid JSON."},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "wrong types",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"socialMedia":"github"}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"The request body is not valid JSON."},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "oversized body",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"bio":"` + strings.Repeat("x", 40<<10) + `"}`),
		ExpectedStatus:  413,
		ExpectedContent: []string{`"status":413`},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "a cross-site request riding the cookie is refused",
		Method:          http.MethodPatch,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"bio":"x"}`),
		Headers:         map[string]string{"Origin": "https://evil.example"},
		ExpectedStatus:  403,
		ExpectedContent: []string{"Cross-origin request rejected."},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   unchanged,
	})
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
	upload := func(filename string, content []byte, s tests.ApiScenario) {
		body, ctype := multipartBody(t, "avatar", filename, content)
		s.Method, s.URL, s.Body = http.MethodPost, "/api/user/avatar", strings.NewReader(body)
		s.Headers = map[string]string{"Content-Type": ctype}
		call(t, f, "priya", s)
	}
	upload("me.png", pngBytes(t), tests.ApiScenario{
		Name:            "a real PNG becomes the avatar",
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(0, 1, 0),
		ExpectedContent: []string{`"avatar":"/api/files/`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if a := priya(t, app).GetString("avatar"); !strings.HasSuffix(a, ".png") {
				t.Errorf("avatar not stored: %q", a)
			}
		},
	})
	upload("fake.png", []byte("<html><script>alert(1)</script></html>"), tests.ApiScenario{
		Name:            "a text file renamed .png is refused",
		ExpectedStatus:  400,
		ExpectedContent: []string{"The avatar must be a JPEG, PNG, GIF or WebP image"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   noAvatar,
	})
	upload("trick.png", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...), tests.ApiScenario{
		Name:            "a PNG signature with garbage behind it is refused",
		ExpectedStatus:  400,
		ExpectedContent: []string{"The avatar must be a JPEG, PNG, GIF or WebP image"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   noAvatar,
	})
	big := append(pngBytes(t), bytes.Repeat([]byte{0}, 3<<20)...)
	upload("big.png", big, tests.ApiScenario{
		Name:            "a 3 MB upload is refused before it is read",
		ExpectedStatus:  413,
		ExpectedContent: []string{`"status":413`},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   noAvatar,
	})
	justOver := append(pngBytes(t), bytes.Repeat([]byte{0}, (2<<20)-len(pngBytes(t))+1)...)
	upload("over.png", justOver, tests.ApiScenario{
		Name:            "a file just over 2 MB is refused with a message",
		ExpectedStatus:  400,
		ExpectedContent: []string{"The image must be at most 2 MB"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   noAvatar,
	})
	upload("", nil, tests.ApiScenario{
		Name:            "the wrong field is refused",
		ExpectedStatus:  400,
		ExpectedContent: []string{"Choose one image to upload"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   noAvatar,
	})
	call(t, f, "", tests.ApiScenario{
		Name:            "visitor cannot upload",
		Method:          http.MethodPost,
		URL:             "/api/user/avatar",
		ExpectedStatus:  401,
		ExpectedContent: []string{`"status":401`},
		ExpectedEvents:  testutil.NoWrites(),
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "removing an avatar",
		Method:          http.MethodDelete,
		URL:             "/api/user/avatar",
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(0, 1, 0),
		ExpectedContent: []string{`"avatar":""`},
		AfterTestFunc:   noAvatar,
	})
}

func TestEmailAndPassword(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	call(t, f, "priya", tests.ApiScenario{
		Name:            "an invalid address is refused",
		Method:          http.MethodPost,
		URL:             "/api/user/email",
		Body:            strings.NewReader(`{"email":"not an address"}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Enter a valid e-mail address"},
		ExpectedEvents:  testutil.NoWrites(),
	})
	samePassword := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if !priya(t, app).ValidatePassword(testutil.Password) {
			t.Error("password changed")
		}
	}
	call(t, f, "priya", tests.ApiScenario{
		Name:            "the wrong current password is refused",
		Method:          http.MethodPost,
		URL:             "/api/user/password",
		Body:            strings.NewReader(`{"currentPassword":"wrong-one","newPassword":"brand-new-1"}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Current password is incorrect"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   samePassword,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "the current password is required, the new one at least 6",
		Method:          http.MethodPost,
		URL:             "/api/user/password",
		Body:            strings.NewReader(`{"newPassword":"12345"}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Current password is required", "Password must be at least 6 characters"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   samePassword,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "the right current password changes it and re-issues the session",
		Method:          http.MethodPost,
		URL:             "/api/user/password",
		Body:            strings.NewReader(`{"currentPassword":"` + testutil.Password + `","newPassword":"brand-new-1"}`),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.WritesAmidMail(0, 1), // the notice to the address (TestSignInChangesAreToldToTheProvenAddress)
		ExpectedContent: []string{`"username":"priya"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if !priya(t, app).ValidatePassword("brand-new-1") {
				t.Error("password not changed")
			}
			if !strings.Contains(res.Header.Get("Set-Cookie"), "sb_session=ey") {
				t.Errorf("session not re-issued: %q", res.Header.Get("Set-Cookie"))
			}
		},
	})
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
	call(t, f, "priya", tests.ApiScenario{
		Name:            "without confirmation nothing happens",
		Method:          http.MethodDelete,
		URL:             "/api/user",
		Body:            strings.NewReader(`{}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Type DELETE to confirm"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   stillThere,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "a wrong confirmation word",
		Method:          http.MethodDelete,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"confirm":"delete"}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Type DELETE to confirm"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   stillThere,
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:            "a wrong password",
		Method:          http.MethodDelete,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"password":"nope-nope"}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Password is incorrect"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   stillThere,
	})
	call(t, f, "", tests.ApiScenario{
		Name:            "visitor is refused",
		Method:          http.MethodDelete,
		URL:             "/api/user",
		Body:            strings.NewReader(`{"confirm":"DELETE"}`),
		ExpectedStatus:  401,
		ExpectedContent: []string{`"status":401`},
		ExpectedEvents:  testutil.NoWrites(),
	})
	call(t, f, "priya", tests.ApiScenario{
		Name:           "confirmed: the member and their listings go; the other side keeps the conversation",
		Method:         http.MethodDelete,
		URL:            "/api/user",
		Body:           strings.NewReader(`{"confirm":"DELETE"}`),
		ExpectedStatus: 204,
		ExpectedEvents: accountDeleted(),
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
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
	})
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
