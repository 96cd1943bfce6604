package messaging_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/testutil"
)

// TestConversationListCostsNoQueryPerRow: a page of 20 conversations costs
// the SQL a page of 1 does, each with its own other member (one of whom
// deleted their account and still reads "Deleted member").
func TestConversationListCostsNoQueryPerRow(t *testing.T) {
	app := testutil.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	dan := testutil.FindByUsername(t, app, "dan")
	headers := testutil.Cookie(t, dan)
	one, body := q.Get(t, h, "/api/conversations", headers)
	if !strings.Contains(body, `"username":"priya"`) {
		t.Fatalf("the page of 1 reads %s", body)
	}
	for i := 1; i < 20; i++ {
		other := testutil.CreateMember(t, app, fmt.Sprintf("member%d", i), testutil.MemberOpts{})
		talk(t, app, dan, other)
		if i == 1 {
			if err := app.Delete(other); err != nil {
				t.Fatal(err)
			}
		}
	}
	twenty, body := q.Get(t, h, "/api/conversations", headers)
	if n := strings.Count(body, `"other":{`); n != 20 {
		t.Fatalf("the page of 20 has %d conversations: %s", n, body)
	}
	if !strings.Contains(body, `"username":"member19"`) || !strings.Contains(body, `"displayName":"Deleted member"`) {
		t.Fatalf("the page of 20 lacks its members: %s", body)
	}
	t.Logf("a page of 1 costs %d queries, of 20 %d", len(one), len(twenty))
	if len(one) != len(twenty) {
		t.Errorf("a page of 1 costs %d queries, of 20 %d:\n%s", len(one), len(twenty), strings.Join(twenty, "\n"))
	}
}

// talk opens a conversation between a and b with a message from b.
func talk(t testing.TB, app core.App, a, b *core.Record) *core.Record {
	t.Helper()
	conv, _, err := messaging.Open(app, a.Id, b.Id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := messaging.Send(app, conv.Id, messaging.Post{SenderID: b.Id, Body: "Hello from " + b.GetString("username")}); err != nil {
		t.Fatal(err)
	}
	return conv
}
