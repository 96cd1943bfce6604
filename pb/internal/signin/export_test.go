package signin

import "github.com/pocketbase/pocketbase/core"

// ResetCodeFor issues (or answers) the reset code of login without mailing
// it, for scenarios that put the code in their bodies.
func ResetCodeFor(app core.App, login string) (string, error) {
	target, err := resetTargetOf(app, login)
	if err != nil {
		return "", err
	}
	issued, err := issueCode(app, target.key, ResetPurpose)
	return issued.code, err
}

// StandInAddress is the reset key of a username without a proven address.
var StandInAddress = standInAddress
