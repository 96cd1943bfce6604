package tiers_test

import (
	"fmt"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/tiers"
)

// A page of 20 requests with packages costs the SQL a page of 1 does: the
// packages of a page are one query, and a page without packages reads
// none.
func TestPackagesCostOneQueryAPage(t *testing.T) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	dan := testutil.FindByUsername(t, app, "dan")
	headers := testutil.Cookie(t, testutil.FindByUsername(t, app, "bev"))
	add := func(prefix string, from, to int, packages bool) {
		for i := from; i < to; i++ {
			var specs []tiers.Spec
			if packages {
				specs = []tiers.Spec{
					{Name: "Gold", Price: 50, Quantity: 1, Benefits: []tiers.Benefit{{Title: "Logo"}}},
					{Name: "Silver", Price: 20, Benefits: []tiers.Benefit{{Title: "Thanks"}}},
				}
			}
			packaged(t, app, dan, fmt.Sprintf("%s %d", prefix, i), 500, specs, nil)
		}
	}
	tierQueries := func(statements []string) int {
		n := 0
		for _, s := range statements {
			if strings.Contains(s, "tiers") && strings.Contains(s, "SELECT") {
				n++
			}
		}
		return n
	}

	add("Gala", 0, 1, true)
	one, body := q.Get(t, h, "/api/sponsorship-requests?q=Gala&perPage=20", headers)
	if strings.Count(body, `"name":"Gold"`) != 1 {
		t.Fatalf("the page of 1: %s", body)
	}
	add("Gala", 1, 20, true)
	twenty, body := q.Get(t, h, "/api/sponsorship-requests?q=Gala&perPage=20", headers)
	if n := strings.Count(body, `"name":"Gold"`); n != 20 {
		t.Fatalf("the page of 20 has %d packages named Gold", n)
	}
	t.Logf("a page of 1 costs %d queries, of 20 %d", len(one), len(twenty))
	if len(one) != len(twenty) || tierQueries(one) != 1 || tierQueries(twenty) != 1 {
		t.Errorf("a page of 1 costs %d queries (%d of packages), of 20 %d (%d):\n%s", len(one), tierQueries(one),
			len(twenty), tierQueries(twenty), strings.Join(twenty, "\n"))
	}

	add("Picnic", 0, 20, false)
	plain, body := q.Get(t, h, "/api/sponsorship-requests?q=Picnic&perPage=20", headers)
	if n := strings.Count(body, `"tiers":[]`); n != 20 {
		t.Fatalf("the page of 20 without packages: %d", n)
	}
	if n := tierQueries(plain); n != 0 {
		t.Errorf("a page without packages reads them %d times:\n%s", n, strings.Join(plain, "\n"))
	}
}
