package app_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Filtering through PocketBase's collection API must not become an oracle
// for other members' private fields (e-mail, subscription, admin flag): the
// records API does not answer members at all (pb/internal/builtin), so no
// filter is ever evaluated for them.
func TestCollectionFiltersDoNotLeakPrivateFields(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	for _, filter := range []string{
		"user.email ~ 'dan@'",
		"user.subscriptionStatus = ''",
		"user.subscriptionExpiry = ''",
		"user.providerId = ''",
		"user.isAdmin = false",
		"user.tokenKey != ''",
		"user.password != ''",
	} {
		testutil.Prepared(factory, tests.ApiScenario{
			Name: "filter " + filter, Method: http.MethodGet,
			URL:            "/api/collections/sponsorships/records?filter=" + url.QueryEscape(filter),
			ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{closedRoute}, NotExpectedContent: []string{"Dan's offer", "totalItems"},
		}, testutil.As("priya")).Test(t)
	}
}
