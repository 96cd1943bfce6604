package messaging_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/testutil"
)

// The conversation actions called directly, without HTTP: each refusal
// with its kind and the words the routes answer.
func TestActionsRefuse(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{})
	eve := testutil.CreateMember(t, app, "eve", testutil.MemberOpts{})

	_, err := messaging.StartConversation(app, ann.Id, messaging.StartRequest{UserID: ann.Id})
	r := testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if r.Fields == nil || r.Fields.Error() != "userId: You cannot message yourself." {
		t.Fatalf("fields: %v", r.Fields)
	}
	_, err = messaging.StartConversation(app, ann.Id, messaging.StartRequest{UserID: "nosuchmember123"})
	testutil.WantRefusal(t, err, refusal.NotFound, "Member not found.")
	_, err = messaging.StartConversation(app, "gonemember12345", messaging.StartRequest{UserID: bob.Id})
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")

	started, err := messaging.StartConversation(app, ann.Id, messaging.StartRequest{UserID: bob.Id})
	if err != nil || !started.Created {
		t.Fatalf("starting: %+v %v", started, err)
	}
	conv := started.Conversation.Id

	_, err = messaging.SendMessage(app, eve, conv, messaging.MessageRequest{Body: "hi"})
	testutil.WantRefusal(t, err, refusal.NotFound, "Conversation not found.")
	_, err = messaging.SendMessage(app, ann, conv, messaging.MessageRequest{Body: "  "})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if _, err := messaging.SendMessage(app, ann, conv, messaging.MessageRequest{Body: "hello"}); err != nil {
		t.Fatal(err)
	}
	_, err = messaging.MarkConversationRead(app, eve.Id, conv)
	testutil.WantRefusal(t, err, refusal.NotFound, "Conversation not found.")
	unread, err := messaging.MarkConversationRead(app, bob.Id, conv)
	if err != nil || unread.Messages != 0 {
		t.Fatalf("bob reads: %+v %v", unread, err)
	}

	if err := app.Delete(testutil.Find(t, app, "users", bob.Id)); err != nil {
		t.Fatal(err)
	}
	_, err = messaging.SendMessage(app, ann, conv, messaging.MessageRequest{Body: "still there?"})
	testutil.WantRefusal(t, err, refusal.Invalid, "This member has deleted their account and cannot receive messages.")
	// their conversation is still there, without bob: it is not answered
	_, err = messaging.StartConversation(app, ann.Id, messaging.StartRequest{UserID: bob.Id})
	testutil.WantRefusal(t, err, refusal.NotFound, "Member not found.")
}

// A body that is not JSON, posted to someone else's conversation, is
// answered as that conversation not being found, as before the body is read.
func TestSendToAnotherConversationIsNotFoundWhateverTheBody(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{})
	eve := testutil.CreateMember(t, app, "eve", testutil.MemberOpts{})
	started, err := messaging.StartConversation(app, ann.Id, messaging.StartRequest{UserID: bob.Id})
	if err != nil {
		t.Fatal(err)
	}
	path := "/api/conversations/" + started.Conversation.Id + "/messages"
	srv := testutil.Serve(t, app)
	for _, c := range []struct {
		who    *core.Record
		status int
		want   string
	}{
		{eve, 404, "Conversation not found."},
		{ann, 400, "The request body is not valid JSON."},
	} {
		status, body := testutil.DoRead(t, srv, http.MethodPost, path, "{not json", testutil.Bearer(t, c.who))
		if status != c.status || !strings.Contains(body, c.want) {
			t.Fatalf("%s: %d %s", c.who.GetString("username"), status, body)
		}
	}
}
