package notify

import (
	"encoding/json"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
)

// PrefsChange is PATCH /api/user/email-preferences's body as read: each
// topic named with its value as sent ({"matches": false, ...}), checked by
// UpdatePrefs, so a wrong value names its topic.
type PrefsChange map[string]json.RawMessage

// UpdatePrefs switches member's topics on or off and answers all their
// switches.
func UpdatePrefs(app core.App, memberID string, in PrefsChange) (Prefs, error) {
	changes := map[string]bool{}
	errs := validation.Errors{}
	for topic, raw := range in {
		if _, known := topicNames[topic]; !known {
			errs[topic] = apierr.Field("validation_unknown_topic", "Unknown e-mail topic")
			continue
		}
		var on bool
		if err := json.Unmarshal(raw, &on); err != nil {
			errs[topic] = apierr.Field("validation_invalid_bool", "Must be true or false")
			continue
		}
		changes[topic] = on
	}
	if len(errs) > 0 {
		return nil, refusal.Fields(errs)
	}
	prefs, err := setPrefs(app, memberID, changes)
	if err != nil {
		return nil, refusal.New(refusal.NotSignedIn, membership.NotSignedIn)
	}
	return prefs, nil
}

// setPrefs changes some switches of a member in one transaction: the
// member is read and written inside it, so a stale copy never puts back
// what another request changed.
func setPrefs(app core.App, userID string, changes map[string]bool) (Prefs, error) {
	var prefs Prefs
	err := app.RunInTransaction(func(tx core.App) error {
		member, err := tx.FindRecordById("users", userID)
		if err != nil {
			return err
		}
		prefs = PrefsOf(member)
		for t, on := range changes {
			prefs[t] = on
		}
		member.Set("emailPrefs", prefs)
		return tx.Save(member)
	})
	return prefs, err
}
