package health_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/buildinfo"
	"sponsorbridge/pb/internal/testutil"
)

func TestHealthNamesTheBuild(t *testing.T) {
	version := `"version":"` + buildinfo.Version() + `"`
	factory := apptest.Factory(nil, nil)
	(&tests.ApiScenario{Name: "visitor", Method: http.MethodGet, URL: "/api/health", TestAppFactory: factory,
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"message":"API is healthy."`, `"code":200`, `"data":{"version":`, version},
		NotExpectedContent: []string{"canBackup", "realIP"}}).Test(t)

	testutil.Prepared(factory, tests.ApiScenario{Name: "superuser: PocketBase's extras stay", Method: http.MethodGet,
		URL: "/api/health", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"message":"API is healthy."`, `"canBackup":true`, version}},
		func(t testing.TB, app core.App, s *tests.ApiScenario) {
			su, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
			if err != nil {
				t.Fatal(err)
			}
			r := core.NewRecord(su)
			r.SetEmail("root@example.com")
			r.SetPassword("root-pass-123")
			if err := app.Save(r); err != nil {
				t.Fatal(err)
			}
			tok, err := r.NewAuthToken()
			if err != nil {
				t.Fatal(err)
			}
			s.Headers = map[string]string{"Authorization": tok}
		}).Test(t)
}
