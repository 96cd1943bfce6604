package app_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/route"
	"sponsorbridge/pb/internal/testutil"
)

// outsideTheTable are the routes served that are not the app's API: the
// metrics exposition (text for Prometheus), the JSON 404 of unknown /api
// paths, the web app, and what PocketBase adds for its dashboard at /_/
// when it serves.
var outsideTheTable = []string{"GET /api/metrics", "/api/{path...}", "GET /{path...}", "GET /_/extensions.js"}

// The route table is whole: no pattern twice, every row with a handler and
// an answer type, per-address labels that name their routes and families
// whose routes all count in them, per-member rules that say what they
// refuse, in each payment mode.
func TestTheRouteTableIsWhole(t *testing.T) {
	t.Parallel()
	sandbox := testutil.Config()
	off := &config.Config{}
	live := &config.Config{RazorpayKeyID: "rzp_test_x", RazorpayKeySecret: "secret"}
	for name, cfg := range map[string]*config.Config{"sandbox": sandbox, "off": off, "live": live} {
		table := app.RouteTable(cfg)
		if len(table) < 60 {
			t.Fatalf("%s: only %d routes in the table", name, len(table))
		}
		for _, err := range route.Check(table) {
			t.Errorf("%s: %v", name, err)
		}
		for _, r := range table {
			for _, rule := range r.PerMember {
				if rule.Max < 1 || rule.Window <= 0 || rule.Bucket == "" || !strings.HasSuffix(rule.Message, ".") {
					t.Errorf("%s: incomplete per-member rule %+v", r.Pattern(), rule)
				}
				if rule.Window > 24*time.Hour {
					t.Errorf("%s: a window over a day is kept in memory too long: %+v", r.Pattern(), rule)
				}
			}
		}
	}
}

// The router serves exactly the table (and PocketBase's own routes): a
// route registered beside the table has no limits, no access row, no docs
// check and no generated type, so it fails here.
func TestTheRouterServesTheTable(t *testing.T) {
	t.Parallel()
	builtins := apptest.BuiltinRoutes(t)
	ta := apptest.NewApp(t, nil)
	defer ta.Cleanup()
	served := testutil.OwnRoutes(t, ta, builtins)
	var table []string
	for _, r := range app.RouteTable(testutil.Config()) {
		table = append(table, r.Pattern())
	}
	for _, p := range served {
		if !slices.Contains(table, p) && !slices.Contains(outsideTheTable, p) && !strings.HasSuffix(p, " /api/{path...}") {
			t.Errorf("%s is served but not in the route table", p)
		}
	}
	for _, p := range table {
		if !slices.Contains(served, p) {
			t.Errorf("%s is in the route table but not served", p)
		}
	}
}
