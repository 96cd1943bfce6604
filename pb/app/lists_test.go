package app_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/internal/testutil"
)

// Every list answers one shape (docs/api/README.md, "Lists"): a JSON array
// of the page's items, with the page in the headers of paging.HeaderNames.
func TestEveryListAnswersOneShape(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	dan := testutil.FindByUsername(t, app, "dan")
	priya := testutil.FindByUsername(t, app, "priya")
	conv, _, err := messaging.Open(app, dan.Id, priya.Id)
	if err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{"one", "two", "three"} {
		err := app.RunInTransaction(func(tx core.App) error {
			_, err := messaging.Send(tx, conv.Id, messaging.Post{SenderID: dan.Id, Body: body})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	offer, err := app.FindFirstRecordByData("sponsorships", "title", "Dan's offer")
	if err != nil {
		t.Fatal(err)
	}
	srv := testutil.Serve(t, app)
	h := paging.HeaderNames

	// counted: the list also answers X-Total-Count; byCursor: no page number.
	cases := []struct {
		who, path         string
		counted, byCursor bool
		items             int
	}{
		{"dan", "/api/sponsorships", true, false, 1},
		{"dan", "/api/sponsorship-requests", true, false, 0},
		{"dan", "/api/notifications", false, false, 0},
		{"dan", "/api/conversations", false, false, 1},
		{"dan", "/api/conversations/" + conv.Id + "/messages?limit=2", false, true, 2},
		{"dan", "/api/applications?role=sent", false, false, 0},
		{"dan", "/api/commitments?role=given", false, false, 0},
		{"dan", "/api/sponsorships/" + offer.Id + "/applications", false, false, 0},
		{"dan", "/api/payments", true, false, 0},
		{"boss", "/api/admin/moderation", true, false, 1},
		{"boss", "/api/admin/members", true, false, 3},
		{"boss", "/api/admin/subscriptions", true, false, 0},
		{"boss", "/api/admin/contact-messages", true, false, 0},
		{"boss", "/api/admin/audit", true, false, 0},
	}
	get := func(who, path string) (*http.Response, []byte) {
		req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range testutil.Cookie(t, testutil.FindByUsername(t, app, who)) {
			req.Header.Set(k, v)
		}
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return res, raw
	}
	for _, c := range cases {
		res, raw := get(c.who, c.path)
		var items []json.RawMessage
		if res.StatusCode != 200 || !strings.HasPrefix(string(raw), "[") || json.Unmarshal(raw, &items) != nil {
			t.Errorf("%s: %d %s, want 200 and a JSON array", c.path, res.StatusCode, raw)
			continue
		}
		if len(items) != c.items {
			t.Errorf("%s: %d items, want %d", c.path, len(items), c.items)
		}
		hd := res.Header
		if hd.Get(h.HasMore) != "true" && hd.Get(h.HasMore) != "false" {
			t.Errorf("%s: %s %q", c.path, h.HasMore, hd.Get(h.HasMore))
		}
		if hd.Get(h.PerPage) == "" {
			t.Errorf("%s: no %s", c.path, h.PerPage)
		}
		if (hd.Get(h.Page) == "1") == c.byCursor {
			t.Errorf("%s: %s %q", c.path, h.Page, hd.Get(h.Page))
		}
		if (hd.Get(h.Total) != "") != c.counted {
			t.Errorf("%s: %s %q", c.path, h.Total, hd.Get(h.Total))
		}
		if c.byCursor && (hd.Get(h.HasMore) != "true" || hd.Get(h.Next) == "") {
			t.Errorf("%s: a page with more after it: %s %q, %s %q", c.path, h.HasMore, hd.Get(h.HasMore), h.Next, hd.Get(h.Next))
		}
		if hd.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Cache-Control %q", c.path, hd.Get("Cache-Control"))
		}
	}

	// The thread's cursor is the oldest message answered: the older page follows it.
	res, _ := get("dan", "/api/conversations/"+conv.Id+"/messages?limit=2")
	res, raw := get("dan", "/api/conversations/"+conv.Id+"/messages?limit=2&before="+res.Header.Get(h.Next))
	if !strings.Contains(string(raw), `"body":"one"`) || strings.Contains(string(raw), `"body":"two"`) ||
		res.Header.Get(h.HasMore) != "false" || res.Header.Get(h.Next) != "" {
		t.Errorf("older page: %s %v", raw, res.Header)
	}
}
