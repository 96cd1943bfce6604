package notify_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/testutil"
)

func seed(t testing.TB, app core.App) {
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	for _, n := range []notify.Note{
		{UserID: dan.Id, Type: notify.TypeApplication, Title: "Dan's first", Subject: "a1"},
		{UserID: dan.Id, Type: notify.TypeMessage, Title: "Dan's chat", Subject: "c1"},
		{UserID: dan.Id, Type: notify.TypeMessage, Title: "Dan's chat again", Subject: "c1"}, // merges into the unread one
		{UserID: zed.Id, Type: notify.TypeSponsorship, Title: "Zed's private", Subject: "s1"},
	} {
		if err := notify.Create(app, n); err != nil {
			t.Fatal(err)
		}
	}
}

func unread(t testing.TB, app core.App, who string) int {
	n, err := app.CountRecords(notify.Collection, dbx.HashExp{"user": testutil.FindByUsername(t, app, who).Id, "read": false})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func TestNotifications(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	for _, c := range []struct {
		name, method, url, who, body string
		status                       int
		want, notWant                []string
		danUnread, zedUnread         int
	}{
		{"visitor is refused", http.MethodGet, "/api/notifications", "", "", 401, []string{`"status":401`}, nil, 2, 1},
		{"a member lists their own; a chat is one notification", http.MethodGet, "/api/notifications", "dan", "", 200,
			[]string{"Dan's first", "Dan's chat again", `"read":false`}, []string{"Zed's private", `"title":"Dan's chat"`}, 2, 1},
		{"marking named ids touches only one's own", http.MethodPost, "/api/notifications/read", "zed", `{"ids":["x"]}`, 200,
			[]string{`"unread":1`}, nil, 2, 1},
		{"marking all read", http.MethodPost, "/api/notifications/read", "dan", "", 200, []string{`"unread":0`}, nil, 0, 1},
		{"malformed JSON", http.MethodPost, "/api/notifications/read", "dan", `{"ids":`, 400,
			[]string{"The request body is not valid JSON."}, nil, 2, 1},
	} {
		c := c
		testutil.Prepared(f, tests.ApiScenario{
			Name: c.name, Method: c.method, URL: c.url, Body: strings.NewReader(c.body),
			ExpectedStatus: c.status, ExpectedEvents: map[string]int{"*": 0}, ExpectedContent: c.want, NotExpectedContent: c.notWant,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if d, z := unread(t, app, "dan"), unread(t, app, "zed"); d != c.danUnread || z != c.zedUnread {
					t.Errorf("unread dan=%d zed=%d, want %d and %d", d, z, c.danUnread, c.zedUnread)
				}
			},
		}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			if c.who != "" {
				testutil.As(c.who)(t, app, s)
			}
		}).Test(t)
	}
}
