// Package envsettings applies settings that the environment decides over
// the dashboard's stored ones, and says so in the log whenever the stored
// value was different: a change made in the dashboard is replaced at the
// next start, never silently.
package envsettings

import (
	"reflect"

	"github.com/pocketbase/pocketbase/core"
)

// Message is the warning logged for each replaced setting.
const Message = "A setting from the environment replaces the value stored in the dashboard"

// Set stores value into *field and logs when the stored value differed.
// setting names the dashboard's field, variable the environment's.
func Set[T any](app core.App, field *T, value T, setting, variable string) {
	if !reflect.DeepEqual(*field, value) && !isZero(*field) {
		Note(app, setting, variable, *field, value)
	}
	*field = value
}

// Note logs one replaced setting (for values Set cannot print usefully).
func Note(app core.App, setting, variable string, dashboard, environment any) {
	app.Logger().Warn(Message, "setting", setting, "variable", variable, "dashboard", dashboard, "environment", environment)
}

// SetSecret is Set for secrets: the values are never logged.
func SetSecret(app core.App, field *string, value, setting, variable string) {
	if *field != value && *field != "" {
		Note(app, setting, variable, "(hidden)", "(hidden)")
	}
	*field = value
}

// isZero: a field never set (a fresh data directory) is not an override.
func isZero[T any](v T) bool {
	return reflect.ValueOf(&v).Elem().IsZero()
}
