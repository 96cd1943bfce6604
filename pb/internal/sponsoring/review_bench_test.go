package sponsoring_test

import (
	"fmt"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/internal/testutil"
)

// BenchmarkReviewPage: the first page of an offer holding 500
// applications (the largest cap, and sort=match's bound), by each sort,
// through the domain action (no HTTP).
func BenchmarkReviewPage(b *testing.B) {
	app := apptest.NewApp(b, nil)
	defer app.Cleanup()
	seed(b, app)
	dan := testutil.FindByUsername(b, app, "dan")
	offer := testutil.CreateListing(b, app, "sponsorships", dan, testutil.ListingOpts{Title: "Science fair",
		Location: "Pune", Categories: []string{"Education", "Arts"}})
	places := []string{"Pune", "Mumbai", "Delhi", "Online"}
	categories := [][]string{{"Education"}, {"Arts", "Education"}, {"Technology"}, nil}
	err := app.RunInTransaction(func(tx core.App) error {
		for i := range sponsoring.MaxRanked {
			u := eventsOf(b, tx, fmt.Sprintf("member%d", i), places[i%4], categories[i%3], 37*i)
			createApplication(b, tx, offer, u, "pending")
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	for _, sort := range []string{sponsoring.SortNewest, sponsoring.SortMatch, sponsoring.SortReliability, sponsoring.SortAudience} {
		b.Run(sort, func(b *testing.B) {
			for b.Loop() {
				items, _, err := sponsoring.ReviewPage(app, dan, offer.Id, sponsoring.ReviewQuery{Sort: sort, Page: paging.Params{Page: 1, PerPage: 20}})
				if err != nil || len(items) != 20 {
					b.Fatalf("%d items, %v", len(items), err)
				}
			}
		})
	}
}
