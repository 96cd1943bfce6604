package signin

import (
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/apierr"
)

// The spec's Google error catalogue (section 8). The web app picks its text
// by status (400, 401, 500) or shows the message as written (any other
// status), so the server answers each real cause with the matching pair.
// data.google.code names the cause for the app (retry counter, manual box).
const (
	msgMissingInfo   = "Missing required information from Google sign-in."
	msgAuthFailed    = "Authentication failed. Please try again."
	msgServerError   = "Server error during sign-in. Please try again later."
	msgNotConfigured = "Authentication not properly configured. Please use the manual sign-in option below."
	msgInvalidAPIKey = "The identity provider API key is not valid. Please contact the administrator."
	msgTimeout       = "Google did not answer in time. Please try again."
)

// Cause codes sent in data.google.code.
const (
	codeMissingInfo      = "missing_information"
	codeEmailNotVerified = "email_not_verified"
	codeInvalidCred      = "invalid_credential"
	codeServerError      = "server_error"
	codeNotConfigured    = "configuration_not_found"
	codeInvalidAPIKey    = "invalid_api_key"
	codeTimeout          = "timeout"
)

// googleError answers status with message and the cause code, and logs the
// underlying error (which never reaches the client).
func googleError(app core.App, status int, message, code string, cause error) error {
	if cause != nil {
		app.Logger().Warn("Google sign-in refused", "code", code, "status", status, "error", cause.Error())
	}
	return router.NewApiError(status, message, validation.Errors{"google": apierr.Field(code, message)})
}

func missingInfo(app core.App, code string, cause error) error {
	return googleError(app, http.StatusBadRequest, msgMissingInfo, code, cause)
}

func authFailed(app core.App, cause error) error {
	return googleError(app, http.StatusUnauthorized, msgAuthFailed, codeInvalidCred, cause)
}

func serverError(app core.App, cause error) error {
	app.Logger().Error("Google sign-in failed on the server", "error", cause)
	return router.NewApiError(http.StatusInternalServerError, msgServerError,
		validation.Errors{"google": apierr.Field(codeServerError, msgServerError)})
}

func notConfigured(app core.App) error {
	return googleError(app, http.StatusServiceUnavailable, msgNotConfigured, codeNotConfigured, nil)
}
