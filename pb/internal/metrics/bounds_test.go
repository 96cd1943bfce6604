package metrics_test

import (
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Every label comes from a closed set: 300 requests with made-up methods of up
// to 100 KB and random long paths (the attack that took the server from 38 to
// 96 MB and /api/metrics to 30 MB) add no series, and 300 more leave the
// exposition the same size but for the counts' digits.
func TestOutsidersCannotGrowTheMetrics(t *testing.T) {
	cfg := testutil.Config()
	cfg.MetricsToken = token
	public := t.TempDir()
	if err := os.WriteFile(filepath.Join(public, "index.html"), []byte(`<div id="root"></div>`), 0o644); err != nil {
		t.Fatal(err)
	}
	ta := apptest.NewAppWith(t, cfg, app.Options{PublicDir: public})
	defer ta.Cleanup()
	srv := testutil.Serve(t, ta)
	scrape := map[string]string{"Authorization": "Bearer " + token}
	rng := rand.New(rand.NewPCG(19, 1))

	flood := func() {
		for i := range 300 {
			method := word(rng, 'A', 1+rng.IntN(100<<10)) // a token, so the client sends it
			if i%4 == 0 {
				method = http.MethodGet
			}
			var path string
			switch i % 3 {
			case 0:
				path = "/api/" + word(rng, 'a', 1+rng.IntN(4<<10)) + "/" + word(rng, 'a', 20)
			case 1:
				path = "/api/sponsorships/" + word(rng, 'a', 1+rng.IntN(4<<10))
			default:
				path = "/" + word(rng, 'a', 1+rng.IntN(4<<10))
			}
			req, err := http.NewRequest(method, srv.URL+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
		}
	}

	flood()
	_, first := testutil.DoRead(t, srv, http.MethodGet, "/api/metrics", "", scrape)
	flood()
	status, second := testutil.DoRead(t, srv, http.MethodGet, "/api/metrics", "", scrape)
	if status != 200 {
		t.Fatalf("%d %s", status, second)
	}

	got := labelSets(second, "sponsorbridge_http_requests_total")
	want := []string{
		`group="/api/metrics",method="GET",status="2xx"`,
		`group="/api/sponsorships",method="GET",status="4xx"`,
		`group="spa",method="GET",status="2xx"`,
		`group="unmatched",method="GET",status="4xx"`,
		`group="unmatched",method="other",status="4xx"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("request series:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got, want := labelSets(second, "sponsorbridge_http_request_duration_seconds_count"),
		[]string{`group="/api/metrics"`, `group="/api/sponsorships"`, `group="spa"`, `group="unmatched"`}; !slices.Equal(got, want) {
		t.Errorf("latency series: %v, want %v", got, want)
	}
	if !slices.Equal(labelSets(first, "sponsorbridge_http_requests_total"), got) {
		t.Error("the second flood added series")
	}
	// Only digits may grow: the Go runtime's own numbers, the counts.
	if len(second) > 32<<10 || len(second)-len(first) > 400 {
		t.Errorf("exposition %d bytes after 300 requests, %d after 600", len(first), len(second))
	}
	t.Logf("exposition: %d bytes after 300 requests, %d after 600", len(first), len(second))
}

func word(rng *rand.Rand, first byte, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = first + byte(rng.IntN(26))
	}
	return string(b)
}

// labelSets lists the label sets of a metric's samples in an exposition.
func labelSets(body, name string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(name)+`\{(.*)\} `).FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}
