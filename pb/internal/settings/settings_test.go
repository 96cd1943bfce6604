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

func call(t *testing.T, factory func(testing.TB) *tests.TestApp, name, method, url, who, body string, headers map[string]string,
	status int, want, notWant []string, after func(testing.TB, *tests.TestApp, *http.Response)) {
	testutil.Prepared(factory, tests.ApiScenario{
		Name: name, Method: method, URL: url, Body: strings.NewReader(body),
		ExpectedStatus: status, ExpectedContent: want, NotExpectedContent: notWant, AfterTestFunc: after,
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		if who != "" {
			testutil.As(who)(t, app, s)
		}
		for k, v := range headers {
			if s.Headers == nil {
				s.Headers = map[string]string{}
			}
			s.Headers[k] = v
		}
	}).Test(t)
}

func priya(t testing.TB, app core.App) *core.Record { return testutil.FindByUsername(t, app, "priya") }

func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	f := testutil.Factory(nil, seed)
	call(t, f, "visitor is refused", http.MethodPatch, "/api/user", "", `{}`, nil, 401, []string{`"status":401`}, nil, nil)
	call(t, f, "member edits name, bio and links; privileged fields are ignored; a changed link loses its verification",
		http.MethodPatch, "/api/user", "priya",
		`{"displayName":" Priya S ","bio":"Runs a club","isAdmin":true,"isVerified":true,"subscriptionStatus":"active",
		  "socialMedia":[{"platform":"github","username":"priya","verified":false},{"platform":"x","username":"@priya_s","verified":true,"verificationDate":"2020-01-01"}]}`,
		nil, 200, []string{`"displayName":"Priya S"`, `"bio":"Runs a club"`, `"isAdmin":false`, `"isVerified":false`,
			`{"platform":"github","username":"priya","verified":true,"verificationDate":"2026-01-01T00:00:00Z"}`,
			`{"platform":"x","username":"@priya_s","verified":false,"verificationDate":""}`}, nil,
		func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := priya(t, app)
			if p.GetBool("isAdmin") || p.GetBool("isVerified") || p.GetString("subscriptionStatus") != "" {
				t.Errorf("privileged fields written: %v", p.PublicExport())
			}
		})
	call(t, f, "changing a verified link's username resets its verification", http.MethodPatch, "/api/user", "priya",
		`{"socialMedia":[{"platform":"github","username":"priya-new"}]}`, nil, 200,
		[]string{`{"platform":"github","username":"priya-new","verified":false,"verificationDate":""}`}, nil, nil)
	unchanged := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if p := priya(t, app); p.GetString("displayName") != "Member priya" || p.GetString("bio") != "" {
			t.Errorf("invalid edit was written: %v", p.PublicExport())
		}
	}
	call(t, f, "display name required, bio bounded", http.MethodPatch, "/api/user", "priya",
		`{"displayName":"  ","bio":"`+strings.Repeat("b", 1001)+`"}`, nil, 400,
		[]string{"Display name is required", "Bio must be at most 1000 characters"}, nil, unchanged)
	call(t, f, "display name at most 80", http.MethodPatch, "/api/user", "priya",
		`{"displayName":"`+strings.Repeat("n", 81)+`"}`, nil, 400, []string{"Display name must be at most 80 characters"}, nil, unchanged)
	call(t, f, "unknown platform", http.MethodPatch, "/api/user", "priya",
		`{"socialMedia":[{"platform":"myspace","username":"p"}]}`, nil, 400, []string{"Unknown platform"}, nil, unchanged)
	call(t, f, "at most 8 links", http.MethodPatch, "/api/user", "priya",
		`{"socialMedia":[`+strings.Repeat(`{"platform":"github","username":"a"},`, 8)+`{"platform":"x","username":"b"}]}`, nil, 400,
		[]string{"At most 8 social links"}, nil, unchanged)
	call(t, f, "a hostile website link is refused", http.MethodPatch, "/api/user", "priya",
		`{"socialMedia":[{"platform":"website","username":"javascript:alert(1)"}]}`, nil, 400,
		[]string{"Website must be an http:// or https:// address"}, nil, unchanged)
	call(t, f, "markup in a handle is refused", http.MethodPatch, "/api/user", "priya",
		`{"socialMedia":[{"platform":"instagram","username":"<img src=x>"}]}`, nil, 400,
		[]string{"Usernames may only contain"}, nil, unchanged)
	call(t, f, "overlong handle is refused", http.MethodPatch, "/api/user", "priya",
		`{"socialMedia":[{"platform":"youtube","username":"`+strings.Repeat("u", 101)+`"}]}`, nil, 400,
		[]string{"Usernames must be at most 100 characters"}, nil, unchanged)
	call(t, f, "malformed JSON", http.MethodPatch, "/api/user", "priya", `{"bio":`, nil, 400,
		[]string{"The request body is not valid JSON."}, nil, unchanged)
	call(t, f, "wrong types", http.MethodPatch, "/api/user", "priya", `{"socialMedia":"github"}`, nil, 400,
		[]string{"The request body is not valid JSON."}, nil, unchanged)
	call(t, f, "oversized body", http.MethodPatch, "/api/user", "priya", `{"bio":"`+strings.Repeat("x", 40<<10)+`"}`, nil, 413,
		[]string{`"status":413`}, nil, unchanged)
	call(t, f, "a cross-site request riding the cookie is refused", http.MethodPatch, "/api/user", "priya", `{"bio":"x"}`,
		map[string]string{"Origin": "https://evil.example"}, 403, []string{"Cross-origin request rejected."}, nil, unchanged)
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
	f := testutil.Factory(nil, seed)
	noAvatar := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if a := priya(t, app).GetString("avatar"); a != "" {
			t.Errorf("avatar stored: %q", a)
		}
	}
	upload := func(name string, filename string, content []byte, status int, want []string,
		after func(testing.TB, *tests.TestApp, *http.Response)) {
		body, ctype := multipartBody(t, "avatar", filename, content)
		call(t, f, name, http.MethodPost, "/api/user/avatar", "priya", body, map[string]string{"Content-Type": ctype},
			status, want, nil, after)
	}
	upload("a real PNG becomes the avatar", "me.png", pngBytes(t), 200, []string{`"avatar":"/api/files/`},
		func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if a := priya(t, app).GetString("avatar"); !strings.HasSuffix(a, ".png") {
				t.Errorf("avatar not stored: %q", a)
			}
		})
	upload("a text file renamed .png is refused", "fake.png", []byte("<html><script>alert(1)</script></html>"), 400,
		[]string{"The avatar must be a JPEG, PNG, GIF or WebP image"}, noAvatar)
	upload("a PNG signature with garbage behind it is refused", "trick.png", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...), 400,
		[]string{"The avatar must be a JPEG, PNG, GIF or WebP image"}, noAvatar)
	big := append(pngBytes(t), bytes.Repeat([]byte{0}, 3<<20)...)
	upload("a 3 MB upload is refused before it is read", "big.png", big, 413, []string{`"status":413`}, noAvatar)
	justOver := append(pngBytes(t), bytes.Repeat([]byte{0}, (2<<20)-len(pngBytes(t))+1)...)
	upload("a file just over 2 MB is refused with a message", "over.png", justOver, 400, []string{"The image must be at most 2 MB"}, noAvatar)
	upload("the wrong field is refused", "", nil, 400, []string{"Choose one image to upload"}, noAvatar)
	call(t, f, "visitor cannot upload", http.MethodPost, "/api/user/avatar", "", "", nil, 401, []string{`"status":401`}, nil, nil)
	call(t, f, "removing an avatar", http.MethodDelete, "/api/user/avatar", "priya", "", nil, 200, []string{`"avatar":""`}, nil, noAvatar)
}

func TestEmailAndPassword(t *testing.T) {
	t.Parallel()
	f := testutil.Factory(nil, seed)
	call(t, f, "an invalid address is refused", http.MethodPost, "/api/user/email", "priya", `{"email":"not an address"}`, nil, 400,
		[]string{"Enter a valid e-mail address"}, nil, nil)
	samePassword := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if !priya(t, app).ValidatePassword(testutil.Password) {
			t.Error("password changed")
		}
	}
	call(t, f, "the wrong current password is refused", http.MethodPost, "/api/user/password", "priya",
		`{"currentPassword":"wrong-one","newPassword":"brand-new-1"}`, nil, 400, []string{"Current password is incorrect"}, nil, samePassword)
	call(t, f, "the current password is required, the new one at least 6", http.MethodPost, "/api/user/password", "priya",
		`{"newPassword":"12345"}`, nil, 400, []string{"Current password is required", "Password must be at least 6 characters"}, nil, samePassword)
	call(t, f, "the right current password changes it and re-issues the session", http.MethodPost, "/api/user/password", "priya",
		`{"currentPassword":"`+testutil.Password+`","newPassword":"brand-new-1"}`, nil, 200, []string{`"username":"priya"`}, nil,
		func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if !priya(t, app).ValidatePassword("brand-new-1") {
				t.Error("password not changed")
			}
			if !strings.Contains(res.Header.Get("Set-Cookie"), "sb_session=ey") {
				t.Errorf("session not re-issued: %q", res.Header.Get("Set-Cookie"))
			}
		})
}

func TestDeleteAccount(t *testing.T) {
	t.Parallel()
	f := testutil.Factory(nil, func(t testing.TB, app core.App) {
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
	call(t, f, "without confirmation nothing happens", http.MethodDelete, "/api/user", "priya", `{}`, nil, 400,
		[]string{"Type DELETE to confirm"}, nil, stillThere)
	call(t, f, "a wrong confirmation word", http.MethodDelete, "/api/user", "priya", `{"confirm":"delete"}`, nil, 400,
		[]string{"Type DELETE to confirm"}, nil, stillThere)
	call(t, f, "a wrong password", http.MethodDelete, "/api/user", "priya", `{"password":"nope-nope"}`, nil, 400,
		[]string{"Password is incorrect"}, nil, stillThere)
	call(t, f, "visitor is refused", http.MethodDelete, "/api/user", "", `{"confirm":"DELETE"}`, nil, 401, []string{`"status":401`}, nil, nil)
	call(t, f, "confirmed: the member and their listings go; the other side keeps the conversation", http.MethodDelete, "/api/user", "priya",
		`{"confirm":"DELETE"}`, nil, 204, nil, nil, func(t testing.TB, app *tests.TestApp, res *http.Response) {
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
		})
	testutil.Prepared(f, tests.ApiScenario{
		Name: "the other member still reads the messages, from 'Deleted member'", Method: http.MethodGet,
		ExpectedStatus: 200, ExpectedContent: []string{`"body":"Bye from priya"`, `"displayName":"Deleted member"`, `"deleted":true`},
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
