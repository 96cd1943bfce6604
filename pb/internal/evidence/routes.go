package evidence

import (
	"fmt"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/route"
	"sponsorbridge/pb/internal/upload"
)

// PerDay is how many files a member may upload a day.
const PerDay = 60

// Routes are the evidence files' routes (docs/api/proof-of-value.md,
// "Evidence files").
func Routes() []route.Route {
	return []route.Route{
		{Method: "POST", Path: "/api/evidence", Handler: create, Auth: route.Member, Upload: upload.MaxPicture, Body: 1 << 10,
			PerMember: []limits.Rule{{Bucket: "evidence", Max: PerDay, Window: 24 * time.Hour, Message: "You have uploaded many files today."}},
			Out:       route.Of[EvidenceFile]()},
		{Method: "GET", Path: "/api/evidence/{id}", Handler: read, Auth: route.Anyone, Out: route.Of[route.File](), ReadOnly: true},
	}
}

// msgNotAForm answers a body that is not a readable multipart form.
var msgNotAForm = fmt.Sprintf("Send the file as multipart form data in the field file (at most %d MB).", upload.MaxPicture>>20)

// create is Store's route: the form (its file to disk, under an upload
// slot), then the action.
func create(e *core.RequestEvent) error {
	if !limits.IsMultipart(e) {
		return refusal.Invalidf(msgNotAForm, nil)
	}
	var to Target
	f, err := upload.Read(e, Field, msgNotAForm, map[string]*string{"deal": &to.Deal})
	if err != nil {
		return err
	}
	defer f.Close()
	r, err := Store(e.App, e.Auth, to, f)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, ToFile(r))
}

// read answers the file to who may read it (Readable); anyone else, and an
// unknown id, 404 File not found.
func read(e *core.RequestEvent) error {
	r, err := e.App.FindRecordById(Collection, e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError(msgNoFile, nil)
	}
	ok, err := Readable(e.App, e.Auth, r)
	if err != nil {
		return err
	}
	if !ok {
		return e.NotFoundError(msgNoFile, nil)
	}
	return Serve(e, r)
}
