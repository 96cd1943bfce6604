package deals_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/testutil"
)

// refusedWith checks that err is a refusal of kind k with the member's
// message, and that the action wrote nothing.
func (j *journey) refusedWith(name string, err error, k refusal.Kind, msg string) {
	j.t.Helper()
	r, ok := refusal.As(err)
	if !ok || r.Kind != k || r.Message != msg {
		j.t.Errorf("%s: got %v (%#v), want a refusal of kind %d %q", name, err, r, k, msg)
	}
	testutil.ExpectEvents(j.t, j.app, refused)
	j.app.ResetEventCalls()
}

func (j *journey) who(name string) *core.Record { return testutil.FindByUsername(j.t, j.app, name) }

func intPtr(n int) *int { return &n }

// The deal steps, called as actions (no HTTP): each refusal's kind and
// words, and a step taken in the caller's transaction.
func TestStepActionsRefuseWithTheirKinds(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 600)
	sam, rita, olive := j.who("sam"), j.who("rita"), j.who("olive")
	j.app.ResetEventCalls()

	_, err := deals.Take(j.app, id, sam, deals.Propose, deals.ProposeInput{})
	j.refusedWith("no deliverables", err, refusal.Invalid, "Please check the highlighted fields.")
	if r, _ := refusal.As(err); r == nil || r.Fields == nil || r.Fields.Error() != "deliverables: Add at least one deliverable." {
		t.Errorf("the field errors are %v", r)
	}
	_, err = deals.Take(j.app, id, sam, deals.Agree, deals.AgreeInput{})
	j.refusedWith("no version", err, refusal.Invalid, "Please check the highlighted fields.")
	_, err = deals.Take(j.app, id, olive, deals.Cancel, deals.ReasonInput{Reason: "x"})
	j.refusedWith("another member", err, refusal.NotFound, "Deal not found.")
	_, err = deals.Take(j.app, "nosuchdeal", sam, deals.Complete, deals.NoInput{})
	j.refusedWith("no such deal", err, refusal.NotFound, "Deal not found.")
	_, err = deals.Take(j.app, id, rita, deals.FundsSent, deals.NoInput{})
	j.refusedWith("the recipient sends no money", err, refusal.Forbidden, "Only the sponsor can do this.")
	_, err = deals.Take(j.app, id, sam, deals.FundsReceived, deals.NoInput{})
	j.refusedWith("the sponsor confirms none", err, refusal.Forbidden, "Only the recipient can do this.")
	_, err = deals.Take(j.app, id, sam, deals.Complete, deals.NoInput{})
	j.refusedWith("the wrong state", err, refusal.Conflict, "This deal is negotiating: a deal is completed once everything is delivered.")
	_, err = deals.Take(j.app, id, rita, deals.Agree, deals.AgreeInput{Version: intPtr(0)})
	j.refusedWith("nothing proposed", err, refusal.Conflict, "There is no proposal to agree to.")

	d, err := deals.Take(j.app, id, sam, deals.Propose, deals.ProposeInput{Deliverables: []deals.DeliverableInput{{Title: "  Logo on the poster "}}})
	if err != nil || d.GetString("proposedBy") != sam.Id || d.GetInt("version") != 1 {
		t.Fatalf("the proposal: %v, %v", err, d)
	}
	testutil.ExpectEvents(t, j.app, testutil.WritesAmidMail(2, 1)) // the deal, its history, rita's note
	j.app.ResetEventCalls()
	_, err = deals.Take(j.app, id, sam, deals.Agree, deals.AgreeInput{Version: intPtr(1)})
	j.refusedWith("one's own proposal", err, refusal.Conflict, "The other side agrees to your proposal; you cannot agree to it yourself.")
	_, err = deals.Take(j.app, id, rita, deals.Agree, deals.AgreeInput{Version: intPtr(0)})
	j.refusedWith("an old version", err, refusal.Conflict, "This deal changed while you were looking at it. Reload it and try again.")

	// in the caller's transaction: a failure after the step undoes it
	err = j.app.RunInTransaction(func(tx core.App) error {
		if _, err := deals.Take(tx, id, rita, deals.Agree, deals.AgreeInput{Version: intPtr(1)}); err != nil {
			return err
		}
		return refusal.Conflictf("rolled back")
	})
	if r, ok := refusal.As(err); !ok || r.Message != "rolled back" || j.deal(id).GetString("status") != deals.StatusNegotiating {
		t.Fatalf("the step in a rolled back transaction: %v, the deal is %s", err, j.deal(id).GetString("status"))
	}
	if d, err = deals.Take(j.app, id, rita, deals.Agree, deals.AgreeInput{Version: intPtr(1)}); err != nil || d.GetString("status") != deals.StatusAgreed {
		t.Fatalf("agreeing: %v", err)
	}
	j.app.ResetEventCalls()
	_, err = deals.Take(j.app, id, rita, deals.FundsReceived, deals.NoInput{})
	j.refusedWith("no money sent", err, refusal.Conflict, "The sponsor has not marked the money as sent yet.")
	if _, err = deals.Take(j.app, id, sam, deals.FundsSent, deals.NoInput{}); err != nil {
		t.Fatal(err)
	}
	if d, err = deals.Take(j.app, id, rita, deals.FundsReceived, deals.NoInput{}); err != nil {
		t.Fatal(err)
	}
	if d.GetString("status") != deals.StatusFunded {
		t.Fatalf("the deal is %s, want funded", d.GetString("status"))
	}
	item := deals.ToDeal(j.app, d).Deliverables[0].ID
	j.app.ResetEventCalls()
	_, err = deals.Take(j.app, id, rita, deals.Done, deals.DoneInput{Item: item})
	j.refusedWith("no proof", err, refusal.Invalid, "Please check the highlighted fields.")
	_, err = deals.Take(j.app, id, rita, deals.Done, deals.DoneInput{Item: "nosuchitem", ProofInput: deals.ProofInput{ProofText: "Done"}})
	j.refusedWith("no such deliverable", err, refusal.NotFound, "Deliverable not found.")
	j.refusedWith("checked from the URL", deals.CheckDone(j.app, id, rita, "nosuchitem"), refusal.NotFound, "Deliverable not found.")
	j.refusedWith("checked from the URL, by the side", deals.CheckDone(j.app, id, sam, item), refusal.Forbidden, "Only the recipient can do this.")
	if err := deals.CheckDone(j.app, id, rita, item); err != nil {
		t.Fatalf("the deliverable may be marked done: %v", err)
	}
	if d, err = deals.Take(j.app, id, rita, deals.Done, deals.DoneInput{Item: item, ProofInput: deals.ProofInput{ProofLink: " https://example.com/p "}}); err != nil ||
		d.GetString("status") != deals.StatusDelivered || deals.ToDeal(j.app, d).Deliverables[0].ProofLink != "https://example.com/p" {
		t.Fatalf("marking it done: %v, %v", err, d)
	}
	j.app.ResetEventCalls()
	_, err = deals.Take(j.app, id, rita, deals.Done, deals.DoneInput{Item: item, ProofInput: deals.ProofInput{ProofText: "Again"}})
	j.refusedWith("a delivered deal", err, refusal.Conflict, "This deal is delivered: deliverables are marked done once the deal is funded.")

	_, err = deals.Take(j.app, id, sam, deals.Dispute, deals.ReasonInput{Reason: " "})
	j.refusedWith("a dispute without words", err, refusal.Invalid, "Please check the highlighted fields.")
	if _, err = deals.Take(j.app, id, sam, deals.Dispute, deals.ReasonInput{Reason: "The logo is missing"}); err != nil {
		t.Fatal(err)
	}
	j.app.ResetEventCalls()
	_, err = deals.Take(j.app, id, sam, deals.Answer, deals.ReasonInput{Reason: "Mine"})
	j.refusedWith("one's own dispute", err, refusal.Conflict, "You raised this dispute; the other side answers it.")
	_, err = deals.Take(j.app, id, sam, deals.Cancel, deals.ReasonInput{Reason: "Enough"})
	j.refusedWith("a disputed deal", err, refusal.Conflict, "This deal is disputed: it can no longer be cancelled.")
}

// Reviews and replies, called as actions.
func TestReviewActionsRefuseWithTheirKinds(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 600)
	sam, rita, olive := j.who("sam"), j.who("rita"), j.who("olive")
	j.app.ResetEventCalls()

	_, _, err := deals.WriteReview(j.app, id, sam, deals.ReviewInput{Rating: []byte("0"), Body: "Great"})
	j.refusedWith("a rating of 0", err, refusal.Invalid, "Please check the highlighted fields.")
	_, _, err = deals.WriteReview(j.app, id, olive, deals.ReviewInput{Rating: []byte("5"), Body: "Great"})
	j.refusedWith("another member", err, refusal.NotFound, "Deal not found.")
	_, _, err = deals.WriteReview(j.app, id, sam, deals.ReviewInput{Rating: []byte("5"), Body: "Great"})
	j.refusedWith("a deal in negotiation", err, refusal.Conflict, "Reviews open when the deal is completed, or 30 days after the event of a funded deal.")

	j.setState(id, deals.StatusCompleted)
	j.app.ResetEventCalls()
	review, d, err := deals.WriteReview(j.app, id, sam, deals.ReviewInput{Rating: []byte("4"), Body: " Great "})
	if err != nil || d.Id != id || review.GetInt("rating") != 4 || review.GetString("body") != "Great" {
		t.Fatalf("the review: %v, %v", err, review)
	}
	testutil.ExpectEvents(t, j.app, reviewed)
	j.app.ResetEventCalls()
	_, _, err = deals.WriteReview(j.app, id, sam, deals.ReviewInput{Rating: []byte("4"), Body: "Again"})
	j.refusedWith("a second review", err, refusal.Conflict, "You have already reviewed this deal.")

	_, _, err = deals.ReplyToReview(j.app, review.Id, rita, deals.ReplyInput{})
	j.refusedWith("an empty reply", err, refusal.Invalid, "Please check the highlighted fields.")
	_, _, err = deals.ReplyToReview(j.app, review.Id, olive, deals.ReplyInput{Body: "Hi"})
	j.refusedWith("another member", err, refusal.NotFound, "Review not found.")
	_, _, err = deals.ReplyToReview(j.app, review.Id, sam, deals.ReplyInput{Body: "Hi"})
	j.refusedWith("the author", err, refusal.Forbidden, "Only the reviewed member can reply.")
	_, _, err = deals.ReplyToReview(j.app, review.Id, rita, deals.ReplyInput{Body: "Hi"})
	j.refusedWith("a blind review", err, refusal.Conflict, "You can reply once the review is shown.")
}

// Updates to a request's sponsors, called as actions.
func TestUpdateActionRefusesWithItsKinds(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	req := j.request()
	sam, rita := j.who("sam"), j.who("rita")
	j.app.ResetEventCalls()

	_, err := deals.PostUpdate(j.app, req.Id, rita, deals.UpdateInput{Body: "  "})
	j.refusedWith("no words", err, refusal.Invalid, "Please check the highlighted fields.")
	_, err = deals.PostUpdate(j.app, "nosuchrequest", rita, deals.UpdateInput{Body: "News"})
	j.refusedWith("no such request", err, refusal.NotFound, "Listing not found.")
	_, err = deals.PostUpdate(j.app, req.Id, sam, deals.UpdateInput{Body: "News"})
	j.refusedWith("not the poster", err, refusal.Forbidden, "Only the poster of the request can post updates to its sponsors.")
	_, err = deals.PostUpdate(j.app, req.Id, rita, deals.UpdateInput{Body: "News"})
	j.refusedWith("no sponsors", err, refusal.Conflict, "This request has no sponsors to update yet.")
	j.refusedWith("no sponsors, from the URL", deals.CheckUpdate(j.app, req.Id, rita), refusal.Conflict, "This request has no sponsors to update yet.")

	j.pledge("sam", 300)
	j.app.ResetEventCalls()
	u, err := deals.PostUpdate(j.app, req.Id, rita, deals.UpdateInput{Body: " News "})
	if err != nil || u.GetString("body") != "News" || u.GetString("author") != rita.Id {
		t.Fatalf("the update: %v, %v", err, u)
	}
	testutil.ExpectEvents(t, j.app, testutil.WritesAmidMail(2, 0)) // the update, sam's note
}
