package notify_test

import (
	"encoding/json"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/testutil"
)

// The notification actions called directly, without HTTP: each refusal
// with its kind and the words the route answers.
func TestActionsRefuse(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})

	ids := make([]string, notify.MaxMarkRead+1)
	_, err := notify.MarkRead(app, dan.Id, notify.ReadRequest{IDs: ids})
	testutil.WantRefusal(t, err, refusal.Invalid, "At most 100 notifications can be marked at once.")
	if got, err := notify.MarkRead(app, dan.Id, notify.ReadRequest{}); err != nil || got.Unread != 0 {
		t.Fatalf("marking none: %v %v", got, err)
	}

	_, err = notify.UpdatePrefs(app, dan.Id, notify.PrefsChange{"spam": json.RawMessage(`false`)})
	r := testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if r.Fields == nil || !strings.Contains(r.Fields.Error(), "Unknown e-mail topic") {
		t.Fatalf("fields: %v", r.Fields)
	}
	_, err = notify.UpdatePrefs(app, "nobody", notify.PrefsChange{"alerts": json.RawMessage(`false`)})
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")
	prefs, err := notify.UpdatePrefs(app, dan.Id, notify.PrefsChange{"alerts": json.RawMessage(`false`)})
	if err != nil || prefs["alerts"] || !prefs["messages"] {
		t.Fatalf("switching alerts off: %v %v", prefs, err)
	}

	_, err = notify.Unsubscribe(app, notify.UnsubscribeLink{UserID: dan.Id, Topic: "matches", Sig: "forged"})
	testutil.WantRefusal(t, err, refusal.Invalid, "This unsubscribe link is not valid")
}
