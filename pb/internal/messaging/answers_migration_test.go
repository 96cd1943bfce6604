package messaging_test

import (
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/testutil"
)

// The migration counts the answers given before it: each message that
// followed the other side's is one sample of its sender's time to answer.
func TestMigrationCountsTheAnswersOfBefore(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{})
	migration := testutil.Migration(t, "1796000100_answer_times.go")
	if err := migration.Down(app); err != nil {
		t.Fatal(err)
	}
	conv, _, err := messaging.Open(app, dan.Id, priya.Id)
	if err != nil {
		t.Fatal(err)
	}
	c, err := app.FindCollectionByNameOrId("messages")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now().Add(-time.Hour)
	for _, m := range []struct {
		from  *core.Record
		after time.Duration
	}{{dan, 0}, {priya, 100 * time.Second}, {priya, 200 * time.Second}, {dan, 260 * time.Second}, {priya, 300 * time.Second}} {
		r := core.NewRecord(c)
		r.Load(map[string]any{"conversation": conv.Id, "sender": m.from.Id, "body": "hi", "kind": "text"})
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		at, _ := types.ParseDateTime(start.Add(m.after))
		if _, err := app.DB().Update("messages", dbx.Params{"created": at.String()}, dbx.HashExp{"id": r.Id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	if err := migration.Up(app); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		who           string
		count, median int
	}{{"priya", 2, 70}, {"dan", 1, 60}} { // priya: 100 s and 40 s; dan: 60 s
		r := testutil.FindByUsername(t, app, c.who)
		if r.GetInt("answerCount") != c.count || r.GetInt("answerMedianSeconds") != c.median {
			t.Errorf("%s: %d answers, median %d s; want %d, %d s", c.who, r.GetInt("answerCount"), r.GetInt("answerMedianSeconds"), c.count, c.median)
		}
	}
}
