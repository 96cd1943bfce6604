package accounts_test

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// The median follows each sample, over the member's last 50 answers only.
func TestTimeToAnswerIsTheMedianOfTheLastAnswers(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	m := testutil.CreateMember(t, app, "mia", testutil.MemberOpts{})
	answer := func(d time.Duration) {
		t.Helper()
		if err := app.RunInTransaction(func(tx core.App) error { return accounts.RecordAnswer(tx, m.Id, d) }); err != nil {
			t.Fatal(err)
		}
	}
	expect := func(count, median int) {
		t.Helper()
		r := testutil.Find(t, app, "users", m.Id)
		if got := accounts.ToPublic(r).Reliability; got.AnswerCount != count || got.MedianAnswerSeconds != median {
			t.Errorf("answers %d, median %d s; want %d, %d s", got.AnswerCount, got.MedianAnswerSeconds, count, median)
		}
	}
	expect(0, 0)
	answer(10 * time.Second)
	expect(1, 10)
	answer(30 * time.Second)
	expect(2, 20) // the mean of the middle two
	answer(20 * time.Second)
	expect(3, 20)
	answer(90 * 24 * time.Hour) // a reply after months counts as MaxAnswerWait
	expect(4, 25)
	for range accounts.AnswerSamples {
		answer(time.Hour)
	}
	expect(accounts.AnswerSamples, 3600) // the first four are forgotten
	answer(-time.Second)                 // a clock step back is no sample
	expect(accounts.AnswerSamples, 3600)
}
