package signin_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

// volatile are the parts of an answer that differ between any two requests
// (ids, times, codes); the rest must be the same for a member's address and
// for an address nobody has.
var (
	volatileFields = []string{"otpId", "expiresAt", "id", "created", "updated", "createdAt"}
	volatileCode   = regexp.MustCompile(`\b\d{8}\b`)
)

// comparable is a JSON answer without its volatile fields, keys in order.
func comparable(answer string) string {
	var v map[string]any
	if json.Unmarshal([]byte(answer), &v) != nil {
		return answer
	}
	for _, f := range volatileFields {
		delete(v, f)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// Every route that takes an e-mail address answers a member's address and an
// unknown one alike (status, body, and the mail it sends), so nobody learns
// from the answers which addresses belong to members. Two did not:
// PocketBase's request-email-change (400 for a member's address, 204
// otherwise; now closed) and the settings' e-mail change ("already in use";
// now a code goes to the address either way, see TestEmailChangeAnswersTheSameEitherWay).
func TestNoRouteTellsWhetherAnAddressIsAMembers(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "owner", testutil.MemberOpts{Email: "owner@example.com"})
	asker := testutil.CreateMember(t, app, "asker", testutil.MemberOpts{Email: "asker@example.com"})
	j := testutil.NewJourney(t, app)
	visitor := map[string]string{"Origin": testutil.Origin}
	member := testutil.Cookie(t, asker)

	mail := map[string]int{"OnMailerSend": 1}
	// What each route writes may differ between the two (a member's address
	// has proofs of its own already); what it answers and mails may not.
	// PocketBase's own routes for members are closed (404).
	routes := []struct {
		name, method, path, body string // body has ADDRESS where the address goes
		headers                  map[string]string
		status                   int
		known, unknown           map[string]int // ExpectedEvents for the member's address and for the unknown one
	}{
		// a code and its proof
		{"sign-in code", http.MethodPost, "/api/auth/email-code/request", `{"email":"ADDRESS","displayName":"Someone"}`, visitor,
			200, testutil.Writes(2, 0, 0, mail), testutil.Writes(2, 0, 0, mail)},
		// the account waiting for its code, the code (and the unknown address's proof)
		{"sign-up with an e-mail address (it waits for its code)", http.MethodPost, "/api/register", `{"displayName":"X","username":"probeNAME","password":"secret-pass-9","email":"ADDRESS"}`, visitor,
			201, testutil.Writes(2, 0, 0, mail), testutil.Writes(3, 0, 0, mail)},
		{"sign-in with an address as username", http.MethodPost, "/api/login", `{"username":"ADDRESS","password":"secret-pass-9"}`, visitor,
			401, testutil.NoWrites(), testutil.NoWrites()},
		{"contact form", http.MethodPost, "/api/contact", `{"name":"X","email":"ADDRESS","subject":"Hello","message":"A question about plans."}`, visitor,
			201, testutil.Writes(1, 0, 0), testutil.Writes(1, 0, 0)},
		{"PocketBase password reset", http.MethodPost, "/api/collections/users/request-password-reset", `{"email":"ADDRESS"}`, visitor,
			404, testutil.NoWrites(), testutil.NoWrites()},
		{"PocketBase one-time password", http.MethodPost, "/api/collections/users/request-otp", `{"email":"ADDRESS"}`, visitor,
			404, testutil.NoWrites(), testutil.NoWrites()},
		{"PocketBase verification", http.MethodPost, "/api/collections/users/request-verification", `{"email":"ADDRESS"}`, visitor,
			404, testutil.NoWrites(), testutil.NoWrites()},
		{"PocketBase e-mail change", http.MethodPost, "/api/collections/users/request-email-change", `{"newEmail":"ADDRESS"}`, member,
			404, testutil.NoWrites(), testutil.NoWrites()},
		{"PocketBase password sign-in", http.MethodPost, "/api/collections/users/auth-with-password", `{"identity":"ADDRESS","password":"secret-pass-9"}`, visitor,
			404, testutil.NoWrites(), testutil.NoWrites()},
		{"PocketBase sign-up", http.MethodPost, "/api/collections/users/records", `{"email":"ADDRESS","password":"secret-pass-9","passwordConfirm":"secret-pass-9"}`, visitor,
			404, testutil.NoWrites(), testutil.NoWrites()},
		{"superusers' password reset", http.MethodPost, "/api/collections/_superusers/request-password-reset", `{"email":"ADDRESS"}`, visitor,
			204, testutil.NoWrites(), testutil.NoWrites()},
		{"superusers' one-time password", http.MethodPost, "/api/collections/_superusers/request-otp", `{"email":"ADDRESS"}`, visitor,
			200, testutil.NoWrites(), testutil.NoWrites()},
		// last: the one route that writes the asker's own account (a pending
		// address), beside the code and its proof (the unknown address's too)
		{"e-mail change in settings", http.MethodPost, "/api/user/email", `{"email":"ADDRESS"}`, member,
			200, testutil.Writes(1, 1, 0, mail), testutil.Writes(2, 1, 0, mail)},
	}
	send := func(i int, address string, events map[string]int) (int, string) {
		r := routes[i]
		name := "p" + address[:1] + string(rune('a'+i)) // a new username for each sign-up
		b := strings.ReplaceAll(strings.ReplaceAll(r.body, "ADDRESS", address), "NAME", name)
		answer := j.Step(t, tests.ApiScenario{Name: r.name + ": " + address, Method: r.method, URL: r.path, Body: strings.NewReader(b),
			Headers: r.headers, ExpectedStatus: r.status, ExpectedEvents: events, NotExpectedContent: []string{`"status":500`}})
		body := strings.ReplaceAll(strings.ReplaceAll(answer.Body, address, "ADDRESS"), "probe"+name, "probeNAME")
		return answer.Status, comparable(body)
	}
	// Every mail these routes send leaves before the answer, except
	// PocketBase's reset, one-time password, verification and e-mail change
	// links: those leave in the background once their request event has
	// run. Each such event owes a mail; mails waits until they are paid.
	var owed, paid atomic.Int64
	// an event about an address nobody has (the record is nil) sends nothing
	owe := func(r *core.Record) {
		if r != nil {
			owed.Add(1)
		}
	}
	app.OnRecordRequestPasswordResetRequest().BindFunc(func(e *core.RecordRequestPasswordResetRequestEvent) error { owe(e.Record); return e.Next() })
	app.OnRecordRequestVerificationRequest().BindFunc(func(e *core.RecordRequestVerificationRequestEvent) error { owe(e.Record); return e.Next() })
	app.OnRecordRequestEmailChangeRequest().BindFunc(func(e *core.RecordRequestEmailChangeRequestEvent) error { owe(e.Record); return e.Next() })
	app.OnRecordRequestOTPRequest().BindFunc(func(e *core.RecordCreateOTPRequestEvent) error { owe(e.Record); return e.Next() })
	pay := func(e *core.MailerRecordEvent) error {
		defer paid.Add(1) // once sent (the development mailbox has written it)
		return e.Next()
	}
	app.OnMailerRecordPasswordResetSend().BindFunc(pay)
	app.OnMailerRecordVerificationSend().BindFunc(pay)
	app.OnMailerRecordEmailChangeSend().BindFunc(pay)
	app.OnMailerRecordOTPSend().BindFunc(pay)
	mails := func(address string) []mailbox.Message {
		testutil.Eventually(t, 5*time.Second, "every code's mail", func() bool { return paid.Load() >= owed.Load() })
		msgs, _ := mailbox.Read(mailbox.Dir(app), address)
		return msgs
	}
	for i, r := range routes {
		known, unknown := "owner@example.com", "nobody"+string(rune('a'+i))+"@example.com"
		// Each route starts with no code for either address: the member's
		// address is used by every route, and its code's mails are bounded
		// across them (sign-in and sign-up mail the same code).
		if _, err := app.DB().NewQuery("DELETE FROM {{_otps}}").Execute(); err != nil {
			t.Fatal(err)
		}
		before := len(mails(known))
		ks, kb := send(i, known, r.known)
		us, ub := send(i, unknown, r.unknown)
		if ks != us || kb != ub {
			t.Errorf("%s: a member's address and an unknown one are told apart:\nmember's: %d %s\nunknown:  %d %s", r.name, ks, kb, us, ub)
		}
		if ks >= 500 {
			t.Errorf("%s: answered %d", r.name, ks)
		}
		all := mails(known) // newest first
		km, um := all[:len(all)-before], mails(unknown)
		if len(km) != len(um) {
			t.Errorf("%s: %d mails to the member's address, %d to the unknown one", r.name, len(km), len(um))
			continue
		}
		for j := range km {
			if volatileCode.ReplaceAllString(km[j].Text, "") != volatileCode.ReplaceAllString(um[j].Text, "") {
				t.Errorf("%s: the mails differ:\n%s\n%s", r.name, km[j].Text, um[j].Text)
			}
		}
	}
}
