package sqlwriter_test

import (
	mrand "math/rand"
	"path/filepath"
	"testing"
	"time"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/sqlwriter"
	"sponsorbridge/pb/internal/testutil"
)

// The writer's changes are real rows of the real schema, and the server's
// change log records each of them (the path make bench's writer and
// memprobe's last phase measure).
func TestInsertsAndEditsBothKinds(t *testing.T) {
	app := apptest.NewApp(t, testutil.Config())
	owner := testutil.CreateMember(t, app, "poster", testutil.MemberOpts{})
	offer := testutil.CreateListing(t, app, "sponsorships", owner, testutil.ListingOpts{Title: "Old offer title"})
	request := testutil.CreateListing(t, app, "sponsorship_requests", owner, testutil.ListingOpts{Title: "Old request title"})
	count := func(q string) int {
		t.Helper()
		var n int
		if err := app.DB().NewQuery(q).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	logged := count(`SELECT COUNT(*) FROM _search_changes`)

	w, err := sqlwriter.Open(filepath.Join(app.DataDir(), "data.db"), mrand.New(mrand.NewSource(1)),
		func() string { return "Robotics library marathon" })
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = w.Close() }()
	for range 4 { // an insert and an edit of each kind
		if err := w.Write(); err != nil {
			t.Fatal(err)
		}
	}
	for _, table := range []string{"sponsorships", "sponsorship_requests"} {
		if n := count(`SELECT COUNT(*) FROM ` + table); n != 2 {
			t.Errorf("%s holds %d listings after one insert, want 2", table, n)
		}
	}
	for _, r := range []struct{ table, id string }{{"sponsorships", offer.Id}, {"sponsorship_requests", request.Id}} {
		if got := testutil.Find(t, app, r.table, r.id).GetString("title"); got != "Robotics library marathon" {
			t.Errorf("%s %s reads %q: not edited", r.table, r.id, got)
		}
	}
	if got := count(`SELECT COUNT(*) FROM _search_changes`) - logged; got < 4 {
		t.Errorf("the change log gained %d entries for 4 writes", got)
	}
}

// Run keeps writing at its rate until stopped, and counts what it wrote.
func TestRunWritesUntilStopped(t *testing.T) {
	app := apptest.NewApp(t, testutil.Config())
	owner := testutil.CreateMember(t, app, "poster", testutil.MemberOpts{})
	testutil.CreateListing(t, app, "sponsorships", owner, testutil.ListingOpts{})
	testutil.CreateListing(t, app, "sponsorship_requests", owner, testutil.ListingOpts{})
	w, err := sqlwriter.Open(filepath.Join(app.DataDir(), "data.db"), mrand.New(mrand.NewSource(2)), func() string { return "A title" })
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = w.Close() }()
	stop := make(chan struct{})
	var told []int
	go func() { time.Sleep(300 * time.Millisecond); close(stop) }()
	made, err := w.Run(100, stop, func(n int) { told = append(told, n) })
	if err != nil {
		t.Fatal(err)
	}
	if made < 5 || len(told) != made || told[len(told)-1] != made {
		t.Fatalf("made %d writes in 300 ms at 100 a second, told %v", made, told)
	}
	var n int
	if err := app.DB().NewQuery(`SELECT (SELECT COUNT(*) FROM sponsorships) + (SELECT COUNT(*) FROM sponsorship_requests)`).Row(&n); err != nil {
		t.Fatal(err)
	}
	if want := 2 + made/4 + (made+3)/4; n != want { // the 1st and 4th of every four writes insert
		t.Fatalf("%d listings after %d writes, want %d", n, made, want)
	}
}
