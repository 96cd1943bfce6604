package live_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

// signIn signs username in with the password, answering the headers of
// the page's requests on that session.
func (w *world) signIn(t *testing.T, username string) map[string]string {
	t.Helper()
	rec := call(w.h, http.MethodPost, "/api/login", `{"username":"`+username+`","password":"`+testutil.Password+`"}`,
		map[string]string{"Origin": testutil.Origin})
	if rec.Code != 200 {
		t.Fatalf("%s signing in: %d %s", username, rec.Code, rec.Body.String())
	}
	for _, c := range rec.Result().Cookies() {
		if c.Name == session.CookieName && c.Value != "" {
			return map[string]string{"Cookie": session.CookieName + "=" + c.Value, "Origin": testutil.Origin}
		}
	}
	t.Fatal("no session cookie")
	return nil
}

// pretend fires a record's creation event without storing it: an event
// about a member whose account is gone.
func (w *world) pretend(t *testing.T, collection, recordID string, fields map[string]any) {
	t.Helper()
	c, err := w.app.FindCachedCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Id = recordID
	for k, v := range fields {
		r.Set(k, v)
	}
	e := &core.ModelEvent{App: w.app, Model: r, Context: t.Context(), Type: core.ModelEventTypeCreate}
	if err := w.app.OnModelAfterCreateSuccess().Trigger(e); err != nil {
		t.Fatal(err)
	}
}

// silent checks that each tab heard nothing since counts were taken, once
// the witness has heard what was sent at the same time.
func silent(t *testing.T, what string, witness *tab, witnessHad int, tabs map[string]*tab, had map[string]int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); len(witness.events()) <= witnessHad; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: the witness heard only %v", what, witness.events())
		}
	}
	time.Sleep(100 * time.Millisecond)
	for name, tb := range tabs {
		if got := tb.events(); len(got) != had[name] {
			t.Errorf("%s: %s heard %v", what, name, got[had[name]:])
		}
	}
}

func counts(tabs map[string]*tab) map[string]int {
	out := map[string]int{}
	for name, tb := range tabs {
		out[name] = len(tb.events())
	}
	return out
}

// An ended sign-in hears nothing more, with a crowd online: signing out
// (that session's pages), signing out everywhere (a session revoked
// elsewhere), changing the password (the other sessions' pages) and
// deleting the account; a page signed in again as someone else hears only
// them.
func TestEndedSignInsHearNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 24, 2, true) // m000..m003 end their sign-ins below, m004.. are witnesses and the crowd
	subject := func(i int) (string, *core.Record) { return fmt.Sprintf("m%03d", i), w.members[i] }
	witness := w.tabs[4][0]
	conversations := map[int]*core.Record{}
	for i := range 4 {
		conversations[i] = w.conversation(t, 100+i, i, 4)
	}
	n := 0
	tell := func(i int) { // a message to member i from the witness, and a note for i
		n++
		w.message(t, 1000+n, conversations[i], 4, "after")
		w.notification(t, 1000+n, i, "after")
	}

	// Signing out: that session's page falls silent, the member's other
	// session goes on.
	ana, _ := subject(0)
	s1, s2 := w.signIn(t, ana), w.signIn(t, ana)
	tabs := map[string]*tab{"the signed-out page": open(t, w.h, w.app, s1, webTopics...)}
	other := open(t, w.h, w.app, s2, webTopics...)
	if rec := call(w.h, http.MethodPost, "/api/logout", "", s1); rec.Code != 204 {
		t.Fatalf("logout: %d %s", rec.Code, rec.Body.String())
	}
	had, otherHad := counts(tabs), len(other.events())
	tell(0)
	silent(t, "after signing out", other, otherHad, tabs, had)

	// The signed-out page signs in as another member: it hears them only.
	_, eve := subject(5)
	testutil.Subscribe(t, w.h, tabs["the signed-out page"].client, testutil.Cookie(t, eve), webTopics...)
	w.notification(t, 2000, 5, "for eve")
	testutil.Eventually(t, 5*time.Second, "the page to hear its new member", func() bool {
		got := tabs["the signed-out page"].events()
		return len(got) == had["the signed-out page"]+1
	})
	had, otherHad = counts(tabs), len(other.events())
	tell(0)
	silent(t, "signed in as someone else", other, otherHad, tabs, had)

	// Signing out everywhere from one device: the others fall silent.
	bob, _ := subject(1)
	phone, laptop := w.signIn(t, bob), w.signIn(t, bob)
	tabs = map[string]*tab{"the phone": open(t, w.h, w.app, phone, webTopics...), "the laptop": open(t, w.h, w.app, laptop, webTopics...)}
	for _, tb := range w.tabs[1] {
		tabs[fmt.Sprint("an earlier tab ", tb.client.Id())] = tb
	}
	if rec := call(w.h, http.MethodPost, "/api/logout/everywhere", "", phone); rec.Code != 204 {
		t.Fatalf("logout everywhere: %d %s", rec.Code, rec.Body.String())
	}
	had, witnessHad := counts(tabs), len(witness.events())
	tell(1)
	silent(t, "after signing out everywhere", witness, witnessHad, tabs, had)

	// Changing the password: the other sessions' pages fall silent (the
	// page that changed it subscribes again with its renewed session).
	cat, _ := subject(2)
	here, there := w.signIn(t, cat), w.signIn(t, cat)
	tabs = map[string]*tab{"the other session": open(t, w.h, w.app, there, webTopics...)}
	body := `{"currentPassword":"` + testutil.Password + `","newPassword":"another-long-password-1"}`
	if rec := call(w.h, http.MethodPost, "/api/user/password", body, here); rec.Code != 200 {
		t.Fatalf("password change: %d %s", rec.Code, rec.Body.String())
	}
	had, witnessHad = counts(tabs), len(witness.events())
	tell(2)
	silent(t, "after a password change", witness, witnessHad, tabs, had)

	// Deleting the account: its pages hear nothing, even an event naming it.
	dan, danRecord := subject(3)
	s := w.signIn(t, dan)
	tabs = map[string]*tab{"the deleted member's page": open(t, w.h, w.app, s, webTopics...)}
	for _, tb := range w.tabs[3] {
		tabs[fmt.Sprint("an earlier tab ", tb.client.Id())] = tb
	}
	if rec := call(w.h, http.MethodDelete, "/api/user", `{"password":"`+testutil.Password+`"}`, s); rec.Code != 204 {
		t.Fatalf("deleting the account: %d %s", rec.Code, rec.Body.String())
	}
	time.Sleep(100 * time.Millisecond) // the deletions of its records are heard first
	had, witnessHad = counts(tabs), len(witness.events())
	w.pretend(t, "notifications", id("ntf", 3000), map[string]any{"user": danRecord.Id, "type": "message", "title": "gone", "link": "/"})
	w.notification(t, 3001, 4, "for the witness")
	silent(t, "after deleting the account", witness, witnessHad, tabs, had)
}
