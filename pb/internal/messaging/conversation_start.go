package messaging

import (
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
)

// StartRequest is POST /api/conversations's body: the member to message.
type StartRequest struct {
	UserID string `json:"userId"`
}

// Started is the conversation StartConversation opened or found.
type Started struct {
	Conversation *core.Record
	Created      bool
}

// StartConversation opens (or finds) memberID's conversation with the
// member in names.
func StartConversation(app core.App, memberID string, in StartRequest) (Started, error) {
	if err := in.validate(memberID); err != nil {
		return Started{}, refusal.Fields(err)
	}
	// The web app starts the conversation each time a member writes from a
	// profile or a listing: one the two members have is answered from a
	// read, without waiting for the one writer. Its two members still in it
	// means neither has deleted their account (a deletion unlinks them).
	if conv, err := app.FindFirstRecordByData(Conversations, "pairKey", PairKey(memberID, in.UserID)); err == nil &&
		IsParticipant(conv, memberID) && Other(conv, memberID) == in.UserID {
		return Started{Conversation: conv}, nil
	}
	// both members are read in the transaction that opens the conversation,
	// so neither can delete their account between the check and the insert
	var s Started
	err := app.RunInTransaction(func(tx core.App) error {
		if err := membership.Still(tx, memberID); err != nil {
			return err
		}
		if ok, err := membership.Exists(tx, in.UserID); err != nil {
			return err
		} else if !ok {
			return refusal.NotFoundf("Member not found.")
		}
		var err error
		s.Conversation, s.Created, err = Open(tx, memberID, in.UserID)
		return err
	})
	return s, err
}

func (f *StartRequest) validate(self string) error {
	f.UserID = strings.TrimSpace(f.UserID)
	switch {
	case f.UserID == "":
		return validation.Errors{"userId": apierr.Field("validation_required", "Choose a member to message")}
	case f.UserID == self:
		return validation.Errors{"userId": apierr.Field("validation_self", "You cannot message yourself")}
	case len(f.UserID) > 32:
		return validation.Errors{"userId": apierr.Field("validation_invalid", "Unknown member")}
	}
	return nil
}
