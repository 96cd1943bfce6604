package messaging_test

import (
	"net/http"
	"strconv"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Marking a conversation read while the other member writes must never put
// an older last message (or unread count) back: the read and the write of
// the conversation are one step.
func TestMarkReadDoesNotOverwriteANewerMessage(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	conv := conversation(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
	priya := testutil.Cookie(t, testutil.FindByUsername(t, app, "priya"))

	const rounds, perRound = 6, 8
	for round := range rounds {
		var wg sync.WaitGroup
		for i := range perRound {
			wg.Add(2)
			go func() {
				defer wg.Done()
				testutil.Do(t, srv, http.MethodPost, "/api/conversations/"+conv.Id+"/messages",
					`{"body":"message `+strconv.Itoa(round)+`-`+strconv.Itoa(i)+`"}`, dan)
			}()
			go func() {
				defer wg.Done()
				testutil.Do(t, srv, http.MethodPost, "/api/conversations/"+conv.Id+"/read", "", priya)
			}()
		}
		wg.Wait()

		var last []*core.Record
		if err := app.RecordQuery("messages").AndWhere(dbx.HashExp{"conversation": conv.Id}).
			OrderBy("rowid DESC").Limit(1).All(&last); err != nil || len(last) != 1 {
			t.Fatal(err)
		}
		got := testutil.Find(t, app, "conversations", conv.Id)
		if got.GetString("lastMessage") != last[0].GetString("body") {
			t.Fatalf("round %d: the conversation shows %q, the newest message is %q",
				round, got.GetString("lastMessage"), last[0].GetString("body"))
		}
	}
}
