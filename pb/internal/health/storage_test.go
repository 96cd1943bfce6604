package health_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/logger"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/health"
	"sponsorbridge/pb/internal/logline"
	"sponsorbridge/pb/internal/testutil"
)

// fullDataDB makes data.db full for PocketBase's writer connection (it
// writes through one, NonconcurrentDB): the file may not grow past its
// current page count, and its free pages are used up, so a write that
// needs a new page (a long description's overflow pages) fails with
// SQLITE_FULL as on a full volume. Reads are not affected.
func fullDataDB(t testing.TB, app core.App) {
	t.Helper()
	db := app.NonconcurrentDB()
	if _, err := db.NewQuery("CREATE TABLE sb_fill (b BLOB)").Execute(); err != nil {
		t.Fatal(err)
	}
	var pages int
	if err := db.NewQuery("PRAGMA page_count").Row(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := db.NewQuery(fmt.Sprintf("PRAGMA max_page_count = %d", pages)).Execute(); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ { // a row of ~a page each, until no page is free
		_, err := db.NewQuery("INSERT INTO sb_fill VALUES (randomblob(4000))").Execute()
		if err != nil {
			if !strings.Contains(err.Error(), "full") {
				t.Fatal(err)
			}
			return
		}
		if i > 10000 {
			t.Fatal("data.db did not fill up")
		}
	}
}

// readOnlyDataDB makes the app's writer connection refuse every write
// with SQLITE_READONLY, as on a volume remounted read-only.
func readOnlyDataDB(t testing.TB, app core.App) {
	t.Helper()
	if _, err := app.NonconcurrentDB().NewQuery("PRAGMA query_only = 1").Execute(); err != nil {
		t.Fatal(err)
	}
}

// keepLogs turns on the log database (test apps keep none), as in production.
func keepLogs(t testing.TB, app core.App) {
	t.Helper()
	s := app.Settings()
	s.Logs.MaxDays = 7
	if err := app.Save(s); err != nil {
		t.Fatal(err)
	}
}

// logged waits until the stdout copy of the app's logs has every want.
func logged(t testing.TB, app core.App, out *syncBuffer, want ...string) {
	t.Helper()
	testutil.Eventually(t, 10*time.Second, fmt.Sprintf("stdout to hold %q", want), func() bool {
		// the request log is added asynchronously; write what is there
		_ = app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true))
		got := out.String()
		for _, w := range want {
			if !strings.Contains(got, w) {
				return false
			}
		}
		return true
	})
}

type syncBuffer struct {
	mu  chan struct{}
	buf bytes.Buffer
}

func newSyncBuffer() *syncBuffer { return &syncBuffer{mu: make(chan struct{}, 1)} }

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu <- struct{}{}
	defer func() { <-b.mu }()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu <- struct{}{}
	defer func() { <-b.mu }()
	return b.buf.String()
}

func TestWritesThatFailForStorageAnswer503AndReadsGoOn(t *testing.T) {
	out := newSyncBuffer()
	defer logline.SetOutput(out)()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Subscribed: true})
		testutil.CreateListing(t, app, "sponsorships", priya, testutil.ListingOpts{Title: "Robotics kits", Reviewed: true, Approved: true,
			Created: time.Now().Add(-48 * time.Hour)}) // the plan allows a new one now
	})
	origin := map[string]string{"Origin": testutil.Origin, "Content-Type": "application/json"}
	full := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		keepLogs(t, app)
		fullDataDB(t, app)
	}
	readOnly := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		keepLogs(t, app)
		readOnlyDataDB(t, app)
	}
	// the most a listing's description holds (5,000 characters, 10,000 bytes):
	// its overflow pages need room in data.db
	long := strings.Repeat("é", 5000)
	failedCreate := map[string]int{"OnRecordCreate": 1, "OnRecordAfterCreateError": 1, "OnRecordAfterCreateSuccess": 0}
	scenarios := []tests.ApiScenario{
		{Name: "full disk: posting a listing (a 400 before) answers 503 and logs the route",
			Method: http.MethodPost, URL: "/api/sponsorships",
			Body:           strings.NewReader(`{"title":"Robotics kits","description":"` + long + `","amount":"250","location":"Pune","categories":["Education"]}`),
			TestAppFactory: factory, BeforeTestFunc: full,
			ExpectedStatus: 503, ExpectedContent: []string{`"message":"` + health.MsgCannotStore + `"`},
			NotExpectedContent: []string{"disk is full", "(13)"},
			ExpectedEvents:     failedCreate,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if res.Header.Get("Retry-After") == "" {
					t.Error("no Retry-After")
				}
				logged(t, app, out, `level=ERROR msg="POST /api/sponsorships"`, "status=503",
					"route:POST /api/sponsorships", "database or disk is full")
			}},
		{Name: "full disk: reading listings still answers 200",
			Method: http.MethodGet, URL: "/api/sponsorships",
			TestAppFactory: factory, BeforeTestFunc: full,
			ExpectedStatus: 200, ExpectedContent: []string{`"title":"Robotics kits"`},
			ExpectedEvents: testutil.NoWrites()},
		{Name: "read-only volume: registering (a 400 'Could not create the account.' before) answers 503 and logs the route",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:           strings.NewReader(`{"displayName":"Amara Silva","username":"amara","password":"secret1"}`),
			TestAppFactory: factory, BeforeTestFunc: readOnly,
			ExpectedStatus: 503, ExpectedContent: []string{`"message":"` + health.MsgCannotStore + `"`},
			NotExpectedContent: []string{"Could not create the account", "readonly"},
			ExpectedEvents:     failedCreate,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				logged(t, app, out, `msg="POST /api/register"`, "status=503", "route:POST /api/register", "readonly database")
			}},
		{Name: "read-only volume: saving the profile (a 400 'Could not save your profile.' before) answers 503",
			Method: http.MethodPatch, URL: "/api/user", Body: strings.NewReader(`{"displayName":"Priya R"}`),
			TestAppFactory: factory, BeforeTestFunc: readOnly,
			ExpectedStatus: 503, ExpectedContent: []string{health.MsgCannotStore},
			NotExpectedContent: []string{"Could not save your profile", "readonly"},
			ExpectedEvents:     testutil.NoWrites()}, // the transaction does not even begin
		{Name: "read-only volume: the member's own account still reads",
			Method: http.MethodGet, URL: "/api/user",
			TestAppFactory: factory, BeforeTestFunc: readOnly,
			ExpectedStatus: 200, ExpectedContent: []string{`"username":"priya"`},
			ExpectedEvents: testutil.NoWrites()},
		{Name: "a refused write that is not about storage keeps its 400",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:           strings.NewReader(`{"displayName":"","username":"ab","password":"1"}`),
			TestAppFactory: factory, BeforeTestFunc: full,
			ExpectedStatus: 400, ExpectedContent: []string{"Please check the highlighted fields."},
			ExpectedEvents: testutil.NoWrites()},
	}
	for _, s := range scenarios {
		if s.Headers == nil { // a member's request
			testutil.Prepared(factory, s, testutil.As("priya")).Test(t)
			continue
		}
		s.Test(t)
	}
}

func TestStorageFault(t *testing.T) {
	cases := []struct {
		name  string
		err   error
		fault bool
	}{
		{"no space left (an upload)", &fs.PathError{Op: "write", Path: "storage/x", Err: syscall.ENOSPC}, true},
		{"read-only file system", fmt.Errorf("saving: %w", syscall.EROFS), true},
		{"quota", syscall.EDQUOT, true},
		{"I/O error", syscall.EIO, true},
		{"inside a 400", router.NewBadRequestError("Failed to create record.", fmt.Errorf("x: %w", syscall.ENOSPC)), true},
		{"a plain 400", router.NewBadRequestError("Please check the highlighted fields.", nil), false},
		{"another error", errors.New("UNIQUE constraint failed"), false},
		{"not found", fs.ErrNotExist, false},
		{"nil", nil, false},
	}
	for _, c := range cases {
		if got := health.StorageFault(c.err) != nil; got != c.fault {
			t.Errorf("%s: fault = %v, want %v", c.name, got, c.fault)
		}
	}
}
