package accounts

import (
	"unicode/utf8"

	"sponsorbridge/pb/internal/apierr"
)

// The rules of a member's own fields, used wherever they are set:
// registration, e-mail-code sign-up, profile and password changes.
const (
	MaxDisplayName = 80
	// MaxUsername bounds a username (the users collection's field says the
	// same); sign-in refuses a longer one before looking anything up.
	MaxUsername = 32
	MinPassword = 6
	// MaxPasswordBytes is bcrypt's limit (it ignores what follows).
	MaxPasswordBytes = 71
)

// CheckDisplayName answers the field error of a trimmed display name, or nil.
func CheckDisplayName(name string) error {
	switch {
	case name == "":
		return apierr.Field("validation_required", "Display name is required")
	case utf8.RuneCountInString(name) > MaxDisplayName:
		return apierr.Field("validation_too_long", "Display name must be at most 80 characters")
	}
	return nil
}

// CheckPassword answers the field error of a new password, or nil.
func CheckPassword(password string) error {
	switch {
	case utf8.RuneCountInString(password) < MinPassword:
		return apierr.Field("validation_too_short", "Password must be at least 6 characters")
	case len(password) > MaxPasswordBytes:
		return apierr.Field("validation_too_long", "Password must be at most 71 bytes")
	}
	return nil
}
