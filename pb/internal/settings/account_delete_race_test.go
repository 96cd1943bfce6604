package settings_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/testutil"
)

// A member deletes their account while their other tabs post, edit, apply,
// sponsor, report, decide, start conversations and send messages, and while
// another member messages them and applies to, sponsors and reports their
// listings, over real HTTP. Every request answers as if it came before the
// deletion (2xx or its usual 4xx) or after it (401, 404, or "deleted their
// account"), never 500, and nothing of the member is left behind that the
// deletion should have removed.
func TestDeleteAccountWhileActive(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "priya@example.com"})
	zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	srv := testutil.Serve(t, app)

	const rounds = 10
	for round := range rounds {
		victim := testutil.CreateMember(t, app, fmt.Sprintf("leaver%d", round), testutil.MemberOpts{Subscribed: true})
		own := testutil.CreateListing(t, app, "sponsorships", victim, testutil.ListingOpts{Title: fmt.Sprintf("Leaver offer %d", round)})
		ownRequest := testutil.CreateListing(t, app, "sponsorship_requests", victim, testutil.ListingOpts{Title: fmt.Sprintf("Leaver request %d", round)})
		offer := testutil.CreateListing(t, app, "sponsorships", priya, testutil.ListingOpts{Title: fmt.Sprintf("Priya offer %d", round)})
		request := testutil.CreateListing(t, app, "sponsorship_requests", priya, testutil.ListingOpts{Title: fmt.Sprintf("Priya request %d", round)})
		application := createApplication(t, app, own, priya)
		conv, _, err := messaging.Open(app, victim.Id, priya.Id)
		if err != nil {
			t.Fatal(err)
		}

		headers := testutil.Cookie(t, victim)
		other := testutil.Cookie(t, priya)
		// a new address waits for its code, which the member types during the deletion
		newAddress := fmt.Sprintf("leaver%d@example.com", round)
		if status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/user/email", `{"email":"`+newAddress+`"}`, headers); status != 200 {
			t.Fatalf("round %d: e-mail change: %d %s", round, status, body)
		}
		code := codeSentTo(t, app, newAddress)
		type call struct {
			method, path, body string
			headers            map[string]string
		}
		calls := []call{
			{http.MethodPost, "/api/sponsorship-requests", `{"title":"New","description":"D","requestedAmount":10,"categories":["Community"]}`, headers},
			{http.MethodPatch, "/api/sponsorships/" + own.Id, `{"title":"Edited offer"}`, headers},
			{http.MethodPost, "/api/sponsorships/" + offer.Id + "/apply", `{"message":"Pick me"}`, headers},
			{http.MethodPost, "/api/sponsorship-requests/" + request.Id + "/sponsor", `{}`, headers},
			{http.MethodPost, "/api/sponsorships/" + offer.Id + "/report", `{"reason":"Looks like spam to me"}`, headers},
			{http.MethodPost, "/api/applications/" + application.Id + "/accept", ``, headers},
			{http.MethodPost, "/api/conversations", `{"userId":"` + zed.Id + `"}`, headers},
			{http.MethodPost, "/api/conversations/" + conv.Id + "/read", ``, headers},
			{http.MethodPatch, "/api/user", `{"bio":"Still here"}`, headers},
			{http.MethodPost, "/api/user/email/confirm", `{"code":"` + code + `"}`, headers},
			{http.MethodPost, "/api/notifications/read", `{}`, headers},
		}
		// the other member, at the same moment
		calls = append(calls,
			call{http.MethodPost, "/api/conversations/" + conv.Id + "/messages", `{"body":"Are you there?"}`, other},
			call{http.MethodPost, "/api/conversations/" + conv.Id + "/messages", `{"body":"Hello?"}`, other},
			call{http.MethodPost, "/api/sponsorships/" + own.Id + "/apply", `{"message":"Me please"}`, other},
			call{http.MethodPost, "/api/sponsorship-requests/" + ownRequest.Id + "/sponsor", `{}`, other},
			call{http.MethodPost, "/api/sponsorships/" + own.Id + "/report", `{"reason":"Odd offer, please check"}`, other},
			call{http.MethodPost, "/api/conversations", `{"userId":"` + victim.Id + `"}`, other},
		)
		for i := range 6 {
			calls = append(calls, call{http.MethodPost, "/api/conversations/" + conv.Id + "/messages", fmt.Sprintf(`{"body":"Message %d"}`, i), headers})
		}
		type answer struct {
			call   call
			status int
			body   string
		}
		answers := make([]answer, len(calls))
		var start, done sync.WaitGroup
		start.Add(1)
		deleteAt := round % len(calls)
		var deleteStatus int
		var deleteBody string
		for i, c := range calls {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				if i == deleteAt {
					deleteStatus, deleteBody = testutil.DoRead(t, srv, http.MethodDelete, "/api/user", `{"confirm":"DELETE"}`, headers)
				}
				status, body := testutil.DoRead(t, srv, c.method, c.path, c.body, c.headers)
				answers[i] = answer{c, status, body}
			}()
		}
		start.Done()
		done.Wait()

		if deleteStatus == http.StatusUnauthorized {
			// The new address was confirmed first: PocketBase ends a member's
			// sessions when the address changes (the confirm's answer carries
			// the fresh one). The member deletes with that session.
			for _, a := range answers {
				if a.call.path == "/api/user/email/confirm" && a.status == http.StatusOK {
					fresh, err := app.FindRecordById("users", victim.Id)
					if err != nil {
						t.Fatalf("round %d: %v", round, err)
					}
					deleteStatus, deleteBody = testutil.DoRead(t, srv, http.MethodDelete, "/api/user", `{"confirm":"DELETE"}`, testutil.Cookie(t, fresh))
				}
			}
		}
		if deleteStatus != http.StatusNoContent {
			t.Fatalf("round %d: the deletion answered %d: %s", round, deleteStatus, deleteBody)
		}
		for _, a := range answers {
			if a.status == 0 || a.status >= 500 {
				t.Errorf("round %d: %s %s answered %d: %s", round, a.call.method, a.call.path, a.status, a.body)
			}
		}
		if _, err := app.FindRecordById("users", victim.Id); err == nil {
			t.Fatalf("round %d: the account still exists", round)
		}
		for _, left := range []struct {
			collection string
			where      dbx.Expression
		}{
			{"sponsorships", dbx.HashExp{"user": victim.Id}},
			{"sponsorship_requests", dbx.HashExp{"user": victim.Id}},
			{"applications", dbx.HashExp{"applicant": victim.Id}},
			{"applications", dbx.HashExp{"poster": victim.Id}},
			{"commitments", dbx.HashExp{"poster": victim.Id}},
			{"reports", dbx.HashExp{"reporter": victim.Id}},
			{"notifications", dbx.HashExp{"user": victim.Id}},
			{"conversations", dbx.Or(dbx.HashExp{"userA": victim.Id}, dbx.HashExp{"userB": victim.Id})},
		} {
			if n, err := app.CountRecords(left.collection, left.where); err != nil || n != 0 {
				t.Errorf("round %d: %d %s of the deleted member are left (%v)", round, n, left.collection, err)
			}
		}
		// afterwards the old cookie is simply signed out
		if status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/conversations/"+conv.Id+"/messages",
			`{"body":"Hello?"}`, headers); status != http.StatusUnauthorized {
			t.Errorf("round %d: a message after the deletion answered %d: %s", round, status, body)
		}
	}
}

func createApplication(t testing.TB, app core.App, offer, applicant *core.Record) *core.Record {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("applications")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("sponsorship", offer.Id)
	r.Set("applicant", applicant.Id)
	r.Set("poster", offer.GetString("user"))
	r.Set("status", "pending")
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}
