package reports

import (
	"time"

	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/route"
)

// maxBody bounds a report's body (docs/api/proof-of-value.md, "Bounds").
const maxBody = 32 << 10

// sharedPerIP is what the shared report's routes allow one address
// together: they are open to anyone holding a link.
var sharedPerIP = &route.IPLimit{Label: "GET /api/shared-reports/", Max: 120, Seconds: 60}

// savesPerMember bounds a member's report saves.
var savesPerMember = []limits.Rule{{Bucket: "report-saves", Max: 200, Window: 24 * time.Hour,
	Message: "You have saved many reports today."}}

// Routes are the impact report routes (docs/api/proof-of-value.md,
// "Impact reports").
func Routes() []route.Route {
	const report = "/api/deals/{id}/report"
	const shared = "/api/shared-reports/{token}"
	return []route.Route{
		{Method: "GET", Path: report, Handler: read, Auth: route.Member, ReadOnly: true, Out: route.Of[ImpactReport]()},
		{Method: "PUT", Path: report, Handler: save, Auth: route.Member, Body: maxBody, PerMember: savesPerMember,
			In: route.Of[ImpactReportInput](), Out: route.Of[ImpactReport]()},
		{Method: "POST", Path: report + "/publish", Handler: publish, Auth: route.Member, PerMember: savesPerMember,
			Out: route.Of[ImpactReport]()},
		{Method: "POST", Path: report + "/share", Handler: share, Auth: route.Member, PerMember: savesPerMember,
			Out: route.Of[ShareLink]()},
		{Method: "DELETE", Path: report + "/share", Handler: revoke, Auth: route.Member, Out: route.Of[route.NoContent]()},
		{Method: "GET", Path: shared, Handler: readShared, Auth: route.Anyone, PerIP: sharedPerIP, Quiet: true,
			Out: route.Of[ImpactReport]()},
		{Method: "GET", Path: shared + "/pictures/{picture}", Handler: sharedPicture, Auth: route.Anyone, PerIP: sharedPerIP,
			Quiet: true, Out: route.Of[route.File]()},
		{Method: "GET", Path: shared + "/avatars/{side}", Handler: sharedAvatar, Auth: route.Anyone, PerIP: sharedPerIP,
			Quiet: true, Out: route.Of[route.File]()},
		{Method: "GET", Path: shared + "/evidence/{evidence}", Handler: sharedEvidence, Auth: route.Anyone, PerIP: sharedPerIP,
			Quiet: true, Out: route.Of[route.File]()},
	}
}
