package settings_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/testutil"
)

// noticed checks, once the background mail is out, that address got
// exactly the notices whose subjects are given (none when empty), each
// saying all of says.
func noticed(address string, subjects []string, says ...string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		queue.Of(app).Wait()
		mails, err := mailbox.Read(mailbox.Dir(app), address)
		if err != nil {
			t.Fatal(err)
		}
		var got []mailbox.Message
		for _, m := range mails {
			if strings.Contains(m.Subject, "was changed") {
				got = append(got, m)
			}
		}
		if len(got) != len(subjects) {
			t.Fatalf("%d notices to %s, want %d: %+v", len(got), address, len(subjects), got)
		}
		for i, m := range got {
			if m.Subject != subjects[i] {
				t.Errorf("notice to %s: subject %q, want %q", address, m.Subject, subjects[i])
			}
			for _, s := range says {
				if !strings.Contains(m.Text, s) || !strings.Contains(m.HTML, s) {
					t.Errorf("notice to %s lacks %q: %s", address, s, m.Text)
				}
			}
		}
	}
}

func both(checks ...func(testing.TB, *tests.TestApp, *http.Response)) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		for _, c := range checks {
			c(t, app, res)
		}
	}
}

// pendingCode signs the scenario in as priya with newAddress waiting for
// the code it was sent, and posts that code; unproven makes her current
// address one she never proved (stored before addresses had to be).
func pendingCode(newAddress string, unproven bool) func(testing.TB, core.App, *tests.ApiScenario) {
	return func(t testing.TB, app core.App, s *tests.ApiScenario) {
		p := priya(t, app)
		p.Set("pendingEmail", newAddress)
		p.SetVerified(!unproven)
		if err := app.Save(p); err != nil {
			t.Fatal(err)
		}
		if _, err := signin.SendCode(app, newAddress, signin.ConfirmationMail); err != nil {
			t.Fatal(err)
		}
		s.Headers = testutil.Cookie(t, p)
		s.Body = strings.NewReader(`{"code":"` + codeSentTo(t, app.(*tests.TestApp), newAddress) + `"}`)
	}
}

// A change of address or password is told to the account's proven
// address (the previous one, for an address change), so a change the
// member did not make does not go unnoticed. Before, nothing was sent.
func TestSignInChangesAreToldToTheProvenAddress(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seed(t, app)
		testutil.CreateMember(t, app, "kim", testutil.MemberOpts{}) // no address
	})
	password := `{"currentPassword":"` + testutil.Password + `","newPassword":"brand-new-1"}`
	scenarios := []*tests.ApiScenario{
		testutil.Prepared(factory, tests.ApiScenario{
			Name:            "a new password: the proven address is told",
			Method:          http.MethodPost,
			URL:             "/api/user/password",
			Body:            strings.NewReader(password),
			ExpectedStatus:  200,
			ExpectedContent: []string{`"username":"priya"`},
			ExpectedEvents:  testutil.WritesAmidMail(0, 1),
			AfterTestFunc: noticed("priya@example.com", []string{"Your SponsorBridge password was changed"},
				"The password of your SponsorBridge account priya was changed on", "/contact"),
		}, testutil.As("priya")),
		testutil.Prepared(factory, tests.ApiScenario{
			Name:            "a new password of a member without an address: nobody to tell",
			Method:          http.MethodPost,
			URL:             "/api/user/password",
			Body:            strings.NewReader(password),
			ExpectedStatus:  200,
			ExpectedContent: []string{`"username":"kim"`},
			ExpectedEvents:  testutil.Writes(0, 1, 0),
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				queue.Of(app).Wait()
				if mails, _ := mailbox.Read(mailbox.Dir(app), ""); len(mails) != 0 {
					t.Errorf("%d mails sent", len(mails))
				}
			},
		}, testutil.As("kim")),
		testutil.Prepared(factory, tests.ApiScenario{
			Name:            "a new address: the previous, proven one is told (the new one gets no notice)",
			Method:          http.MethodPost,
			URL:             "/api/user/email/confirm",
			ExpectedStatus:  200,
			ExpectedContent: []string{`"email":"priya.new@example.com"`},
			ExpectedEvents:  testutil.WritesAmidMail(0, 1),
			AfterTestFunc: both(
				noticed("priya@example.com", []string{"Your SponsorBridge e-mail address was changed"},
					"The e-mail address of your SponsorBridge account priya was changed on", "to p…@example.com"),
				noticed("priya.new@example.com", nil)),
		}, pendingCode("priya.new@example.com", false)),
		testutil.Prepared(factory, tests.ApiScenario{
			Name:            "a new address replacing one never proven: nobody to tell",
			Method:          http.MethodPost,
			URL:             "/api/user/email/confirm",
			ExpectedStatus:  200,
			ExpectedContent: []string{`"email":"priya.new@example.com"`},
			ExpectedEvents:  testutil.WritesAmidMail(0, 1),
			AfterTestFunc:   both(noticed("priya@example.com", nil), noticed("priya.new@example.com", nil)),
		}, pendingCode("priya.new@example.com", true)),
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}
