package notify_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/testutil"
)

// A notification mail says its title once (the subject, and the heading of
// its body), then the note's words; a long title makes a subject of at most
// 78 characters, cut after a word, with an ellipsis.
func TestNotificationMailSaysItsTitleOnce(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	title := "Priya Raghunathan-Iyer sent the money for “Annual community street festival and cultural night market 2027”: confirm when it arrives"
	if err := notify.Create(app, notify.Note{UserID: dan.Id, Type: notify.TypeDeal, Title: title,
		Body: "Priya marked the money as sent.", Link: "/deals/abc"}); err != nil {
		t.Fatal(err)
	}
	m := pollInbox(t, func() []mailbox.Message { return inboxOf(t, app, "dan@example.com") }, 1)[0]

	if n := utf8.RuneCountInString(m.Subject); n > notify.MaxSubject || !strings.HasSuffix(m.Subject, "…") {
		t.Errorf("subject of %d characters: %q", n, m.Subject)
	}
	if cut := strings.TrimSuffix(m.Subject, "…"); !strings.HasPrefix(title, cut) || len(cut) >= len(title) || title[len(cut)] != ' ' {
		t.Errorf("the subject is not cut after a word: %q", m.Subject)
	}
	for part, body := range map[string]string{"text": m.Text, "HTML": m.HTML} {
		if n := strings.Count(body, "Annual community street festival"); n != 1 {
			t.Errorf("the %s part says the title %d times, want once", part, n)
		}
		if !strings.Contains(body, "Priya marked the money as sent.") || !strings.Contains(body, "/deals/abc") {
			t.Errorf("the %s part lacks the note's words or its link:\n%s", part, body)
		}
	}
}

func TestSubjectLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"Priya wrote to you", "Priya wrote to you"},
		{"  spaces   are\tfolded ", "spaces are folded"},
		{strings.Repeat("a", 78), strings.Repeat("a", 78)},
		{strings.Repeat("word ", 20), strings.TrimSpace(strings.Repeat("word ", 15)) + "…"},
		{"Deal: " + strings.Repeat("x", 100), "Deal: " + strings.Repeat("x", 71) + "…"},
		{strings.Repeat("é", 40) + ", " + strings.Repeat("b", 40), strings.Repeat("é", 40) + "…"},
	} {
		got := notify.SubjectLine(c.in)
		if got != c.want || utf8.RuneCountInString(got) > notify.MaxSubject {
			t.Errorf("SubjectLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Deal mails are their own choice: switched off, they stop while
// applications still mail.
func TestDealMailsHaveTheirOwnChoice(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	dan.Set("emailPrefs", map[string]bool{"deals": false})
	if err := app.Save(dan); err != nil {
		t.Fatal(err)
	}
	if notify.TopicOf(notify.TypeDeal) != notify.TopicDeals {
		t.Fatalf("deal notes mail under %q", notify.TopicOf(notify.TypeDeal))
	}
	for _, n := range []notify.Note{
		{UserID: dan.Id, Type: notify.TypeDeal, Title: "Priya agreed to the deliverables"},
		{UserID: dan.Id, Type: notify.TypeApplication, Title: "Someone applied"},
	} {
		if err := notify.Create(app, n); err != nil {
			t.Fatal(err)
		}
	}
	msgs := pollInbox(t, func() []mailbox.Message { return inboxOf(t, app, "dan@example.com") }, 1)
	if len(msgs) != 1 || msgs[0].Subject != "Someone applied" {
		t.Fatalf("with deal mails off the inbox holds %d, newest %q", len(msgs), msgs[0].Subject)
	}
}

// The migration gives members who chose before a "deals" choice equal to
// their "applications" one; members who never chose keep nothing stored.
func TestMigrationKeepsTheApplicationsChoiceForDeals(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	migration := testutil.Migration(t, "1796300000_deal_emails.go")
	if err := migration.Down(app); err != nil {
		t.Fatal(err)
	}
	member := func(name string, prefs map[string]bool) *core.Record {
		m := testutil.CreateMember(t, app, name, testutil.MemberOpts{})
		if prefs != nil {
			m.Set("emailPrefs", prefs)
			if err := app.Save(m); err != nil {
				t.Fatal(err)
			}
		}
		return m
	}
	off := member("off", map[string]bool{"messages": true, "applications": false, "listings": true})
	on := member("keen", map[string]bool{"messages": false, "applications": true})
	never := member("never", nil)
	if err := migration.Up(app); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m           *core.Record
		deals, msgs bool
	}{{off, false, true}, {on, true, false}, {never, true, true}} {
		got := testutil.Find(t, app, "users", c.m.Id)
		p := notify.PrefsOf(got)
		if p["deals"] != c.deals || p["messages"] != c.msgs {
			t.Errorf("%s: %v (stored %s)", got.GetString("username"), p, got.GetString("emailPrefs"))
		}
	}
	if s := testutil.Find(t, app, "users", never.Id).GetString("emailPrefs"); strings.Contains(s, "deals") {
		t.Errorf("a member who never chose has %s stored", s)
	}
}

func inboxOf(t testing.TB, app core.App, to string) []mailbox.Message {
	t.Helper()
	m, err := mailbox.Read(mailbox.Dir(app), to)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
