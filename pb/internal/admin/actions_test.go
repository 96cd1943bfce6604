package admin_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/admin"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/testutil"
)

// The actions called directly, without HTTP: each refusal with the kind and
// words its route answers.
func TestActionsRefuse(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	boss, dan, zed := testutil.FindByUsername(t, app, "boss"), testutil.FindByUsername(t, app, "dan"), testutil.FindByUsername(t, app, "zed")
	approved := listingID(t, app, "sponsorships", "Dan approved offer")
	rejected := listingID(t, app, "sponsorships", "Priya rejected offer")

	_, err := admin.Report(app, zed, listings.Sponsorships, rejected, admin.ReportInput{Reason: "spam"})
	testutil.WantRefusal(t, err, refusal.NotFound, "Listing not found.")
	_, err = admin.Report(app, dan, listings.Sponsorships, approved, admin.ReportInput{Reason: "spam"})
	testutil.WantRefusal(t, err, refusal.Forbidden, "You cannot report your own listing.")
	_, err = admin.Report(app, zed, listings.Sponsorships, approved, admin.ReportInput{Reason: "  "})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if r, _ := refusal.As(err); r.Fields == nil || !strings.Contains(r.Fields.Error(), "Please tell us why you are reporting this listing") {
		t.Errorf("the empty reason's field error: %v", r.Fields)
	}
	_, err = admin.Report(app, zed, listings.Sponsorships, approved, admin.ReportInput{Reason: "again"})
	testutil.WantRefusal(t, err, refusal.Conflict, "You have already reported this listing.")
	ghost := core.NewRecord(dan.Collection())
	ghost.Id = "ghostmember0001"
	_, err = admin.Report(app, ghost, listings.Sponsorships, approved, admin.ReportInput{Reason: "who am I"})
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")

	_, err = admin.Contact(app, nil, admin.ContactInput{Name: "A", Email: "not-an-address", Message: "Hi"})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")

	_, err = admin.Approve(app, boss, "things", approved)
	testutil.WantRefusal(t, err, refusal.NotFound, "Listing not found.")
	_, err = admin.Approve(app, boss, "sponsorships", "nope")
	testutil.WantRefusal(t, err, refusal.NotFound, "Listing not found.")
	_, err = admin.Reject(app, boss, "sponsorships", approved, admin.RejectInput{})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")

	_, err = admin.VerifyMember(app, boss, "nope", true)
	testutil.WantRefusal(t, err, refusal.NotFound, "Member not found.")
	_, err = admin.VerifySocial(app, boss, memberID(t, app, "priya"), admin.SocialLinkInput{Platform: "twitter", Username: "someone_else"}, true, time.Now())
	testutil.WantRefusal(t, err, refusal.NotFound, "Social link not found.")

	_, err = admin.ResolveContact(app, boss, "nope")
	testutil.WantRefusal(t, err, refusal.NotFound, "Message not found.")
	msg, err := admin.Contact(app, zed, admin.ContactInput{Name: "Zed", Email: "zed@example.com", Subject: "Hello", Message: "Hi there"})
	if err != nil {
		t.Fatal(err)
	}
	if msg.GetString("member") != zed.Id || msg.GetString("name") != "Zed" {
		t.Errorf("the stored message: member %q, name %q", msg.GetString("member"), msg.GetString("name"))
	}
	if _, err := admin.ResolveContact(app, boss, msg.Id); err != nil {
		t.Fatal(err)
	}
	_, err = admin.ResolveContact(app, boss, msg.Id)
	testutil.WantRefusal(t, err, refusal.Invalid, "This message is already resolved.")

	_, err = admin.ResolveDispute(app, boss, "nope", admin.ResolveInput{Outcome: "completed", Note: "Done"})
	testutil.WantRefusal(t, err, refusal.NotFound, "Deal not found.")
	_, err = admin.ResolveDispute(app, boss, "nope", admin.ResolveInput{Outcome: "maybe", Note: "Done"})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	_, err = admin.HideReview(app, boss, "nope", admin.HideInput{Reason: "Abusive"})
	testutil.WantRefusal(t, err, refusal.NotFound, "Review not found, or hidden already.")
	_, err = admin.HideReview(app, boss, "nope", admin.HideInput{})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")

	if n := count(t, app, "moderation_log"); n != 1 { // the one resolved message
		t.Errorf("moderation_log has %d rows after the refusals, want 1", n)
	}
}

// An approval of a rejected and edited listing tells its poster, in the same
// transaction as the change and the log row.
func TestApproveHiddenListingTellsPoster(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	boss := testutil.FindByUsername(t, app, "boss")
	id := listingID(t, app, "sponsorships", "Priya rejected offer")
	kind, err := admin.Approve(app, boss, "sponsorships", id)
	if err != nil || kind.Table != "sponsorships" {
		t.Fatalf("Approve: %v, %v", kind.Table, err)
	}
	notes, err := app.FindAllRecords("notifications")
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, n := range notes {
		titles = append(titles, n.GetString("title"))
	}
	if !strings.Contains(fmt.Sprint(titles), "“Priya rejected offer” was approved") {
		t.Errorf("notifications: %v", titles)
	}
}

// The moderation queue loads its listings and reports in batches: a page of
// 20 reported listings costs no more statements than a page of 3 (of both
// kinds, two pending) does.
func TestModerationQueueQueries(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	headers := testutil.Cookie(t, testutil.FindByUsername(t, app, "boss"))
	few, body := q.Get(t, h, "/api/admin/moderation", headers)
	if n := strings.Count(body, `"reports":{`); n != 3 {
		t.Fatalf("the first page has %d items: %s", n, body)
	}
	dan, zed := testutil.FindByUsername(t, app, "dan"), testutil.FindByUsername(t, app, "zed")
	for i := range 20 {
		l := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: fmt.Sprintf("Offer %d", i), Reviewed: true, Approved: true})
		report(t, app, zed, "sponsorships", l.Id, fmt.Sprintf("Reason %d", i))
	}
	many, body := q.Get(t, h, "/api/admin/moderation", headers)
	if n := strings.Count(body, `"reports":{`); n != 20 {
		t.Fatalf("the full page has %d items: %s", n, body)
	}
	if !strings.Contains(body, `"reason":"Reason 19"`) || !strings.Contains(body, `"username":"zed"`) {
		t.Fatalf("the full page lacks its reports: %s", body)
	}
	if len(many) > len(few) {
		t.Errorf("a page of 20 costs %d statements, a page of 3 %d:\n%s", len(many), len(few), strings.Join(many, "\n"))
	}
}
