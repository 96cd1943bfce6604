package app_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

// Filtering through PocketBase's collection API must not become an oracle
// for other members' private fields (e-mail, subscription, admin flag).
func TestCollectionFiltersDoNotLeakPrivateFields(t *testing.T) {
	testutil.Prepared(testutil.Factory(nil, seed), tests.ApiScenario{
		Name: "filter on another member's e-mail finds nothing", Method: http.MethodGet,
		URL:            "/api/collections/sponsorships/records?filter=" + url.QueryEscape("user.email ~ 'dan@'"),
		ExpectedStatus: 200, ExpectedContent: []string{`"totalItems":0`}, NotExpectedContent: []string{"Dan's offer"},
	}, func(t testing.TB, a core.App, s *tests.ApiScenario) {
		s.Headers = testutil.Cookie(t, testutil.FindByUsername(t, a, "priya"))
	}).Test(t)

	factory := testutil.Factory(nil, seed)
	for _, filter := range []string{
		"user.subscriptionStatus = ''",
		"user.subscriptionExpiry = ''",
		"user.providerId = ''",
		"user.isAdmin = false",
		"user.tokenKey != ''",
		"user.password != ''",
	} {
		filter := filter
		// A refused filter (400) or an empty answer both say nothing; a list
		// that depends on the private value would.
		testutil.Prepared(factory, tests.ApiScenario{
			Name: "filter " + filter, Method: http.MethodGet,
			URL:            "/api/collections/sponsorships/records?filter=" + url.QueryEscape(filter),
			ExpectedStatus: 400, ExpectedContent: []string{`"status":400`}, NotExpectedContent: []string{"Dan's offer"},
		}, func(t testing.TB, a core.App, s *tests.ApiScenario) {
			s.Headers = testutil.Cookie(t, testutil.FindByUsername(t, a, "priya"))
		}).Test(t)
	}
}

// The listing read rule uses the (hidden) isAdmin flag of the signed-in
// member: hiding it from filters must not hide it from our own rules.
func TestRulesStillSeeHiddenAdminFlag(t *testing.T) {
	testutil.Prepared(testutil.Factory(nil, func(t testing.TB, a core.App) {
		seed(t, a)
		testutil.CreateMember(t, a, "boss", testutil.MemberOpts{Admin: true})
	}), tests.ApiScenario{
		Name: "an administrator sees a rejected listing through the collection API", Method: http.MethodGet,
		URL:            "/api/collections/sponsorships/records",
		ExpectedStatus: 200, ExpectedContent: []string{"Hidden one", "Dan's offer"},
		NotExpectedContent: []string{"isAdmin", "subscriptionStatus"},
	}, func(t testing.TB, a core.App, s *tests.ApiScenario) {
		s.Headers = testutil.Cookie(t, testutil.FindByUsername(t, a, "boss"))
	}).Test(t)
}
