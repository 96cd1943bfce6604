package apierr_test

import (
	"database/sql"
	"errors"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
)

// A handler answers its action's refusal and a made answer as they are,
// and any other error as a 500: PocketBase would answer it bare as a 400,
// or a missing row as a 404.
func TestFailedKeepsRefusalsAndAnswersTheRestAs500(t *testing.T) {
	e := &core.RequestEvent{}
	no := refusal.NotFoundf("Conversation not found.")
	if got := apierr.Failed(e, no, "x"); !errors.Is(got, no) {
		t.Fatalf("a refusal became %v", got)
	}
	made := router.NewTooManyRequestsError("locked", nil)
	if got := apierr.Or500(e, made); !errors.Is(got, made) {
		t.Fatalf("an answer became %v", got)
	}
	for _, err := range []error{sql.ErrNoRows, errors.New("disk full")} {
		var apiErr *router.ApiError
		if got := apierr.Failed(e, err, "Could not save."); !errors.As(got, &apiErr) || apiErr.Status != http.StatusInternalServerError || apiErr.Message != "Could not save." {
			t.Fatalf("%v became %v", err, got)
		}
	}
	if err := refusal.Fields(nil); err != nil {
		t.Fatalf("no field errors: %v", err)
	}
}
