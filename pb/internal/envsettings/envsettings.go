// Package envsettings applies settings that the environment decides over
// the dashboard's stored ones, and says so in the log when the environment
// replaces a value someone set in the dashboard: a change made there is
// replaced at the next start, never silently.
//
// "Set in the dashboard" means: different from what the environment wrote
// at the previous start (remembered as a fingerprint in the `_params` row
// ParamID), or, for a setting the environment never wrote, different from
// PocketBase's default. So a fresh data directory logs nothing, and neither
// does a deploy that changes a variable (APP_URL moved to a new domain).
package envsettings

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Message is the warning logged for each replaced setting.
const Message = "A setting from the environment replaces the value stored in the dashboard"

// ParamID is the `_params` row holding a fingerprint of each value the
// environment last wrote (never the value: secrets are among them).
const ParamID = "sbEnvSettings"

// Set stores value into *field and logs when the stored value was set in
// the dashboard. setting names the dashboard's field as a path in
// PocketBase's settings JSON ("meta.appURL"), variable the environment's.
func Set[T any](app core.App, field *T, value T, setting, variable string) {
	SetShown(app, field, value, setting, variable, func(v T) any { return v })
}

// SetSecret is Set for secrets: the values are never logged.
func SetSecret(app core.App, field *string, value, setting, variable string) {
	SetShown(app, field, value, setting, variable, func(string) any { return "(hidden)" })
}

// SetShown is Set with the values logged as show makes them (a count of
// rules rather than the rules). The stored value counts as set in the
// dashboard when it differs from what the environment wrote last, or from
// PocketBase's default for a setting it never wrote.
func SetShown[T any](app core.App, field *T, value T, setting, variable string, show func(T) any) {
	stored, wanted := fingerprint(*field), fingerprint(value)
	last, known := applied(app)[setting]
	if !known {
		last = defaultOf[T](setting)
	}
	if stored != wanted && stored != last {
		Note(app, setting, variable, show(*field), show(value))
	}
	*field = value
	if known && last == wanted {
		return
	}
	if err := remember(app, setting, wanted); err != nil {
		app.Logger().Warn("envsettings: could not remember a setting from the environment", "setting", setting, "error", err.Error())
	}
}

// defaultOf is the fingerprint of PocketBase's default for setting. Secrets
// are left out of the settings' JSON, so theirs is the empty value.
func defaultOf[T any](setting string) string {
	if fp, ok := defaults()[setting]; ok {
		return fp
	}
	var zero T
	return fingerprint(zero)
}

// Note logs one replaced setting.
func Note(app core.App, setting, variable string, dashboard, environment any) {
	app.Logger().Warn(Message, "setting", setting, "variable", variable, "dashboard", dashboard, "environment", environment)
}

// fingerprint is a short hash of v's JSON: enough to tell values apart,
// too short to recover a secret from.
func fingerprint(v any) string {
	raw, err := json.Marshal(v)
	var tree any
	if err == nil {
		err = json.Unmarshal(raw, &tree)
	}
	if err == nil { // once more from the tree: object keys sorted, as for the defaults
		raw, err = json.Marshal(tree)
	}
	if err != nil {
		return "unmarshalable"
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:4])
}

var (
	defaultsOnce sync.Once
	defaultsFP   map[string]string
)

// defaults fingerprints every leaf of PocketBase's default settings by
// its JSON path.
func defaults() map[string]string {
	defaultsOnce.Do(func() {
		defaultsFP = map[string]string{}
		raw, err := json.Marshal(core.NewBaseApp(core.BaseAppConfig{}).Settings())
		if err != nil {
			return
		}
		var tree map[string]any
		if json.Unmarshal(raw, &tree) != nil {
			return
		}
		var walk func(prefix string, v any)
		walk = func(prefix string, v any) {
			defaultsFP[prefix] = fingerprint(v)
			if m, ok := v.(map[string]any); ok {
				for k, child := range m {
					walk(strings.TrimPrefix(prefix+"."+k, "."), child)
				}
			}
		}
		walk("", tree)
	})
	return defaultsFP
}

func applied(app core.App) map[string]string {
	var row struct {
		Value types.JSONRaw `db:"value"`
	}
	out := map[string]string{}
	err := app.DB().Select("value").From("_params").Where(dbx.HashExp{"id": ParamID}).One(&row)
	if err == nil {
		_ = json.Unmarshal(row.Value, &out)
	}
	return out
}

// remember writes setting's fingerprint into the ParamID row (one
// statement: settings are applied one after another at start).
func remember(app core.App, setting, fp string) error {
	_, err := app.NonconcurrentDB().NewQuery(`
		INSERT INTO {{_params}} ([[id]], [[value]]) VALUES ({:id}, json_object({:setting}, {:fp}))
		ON CONFLICT([[id]]) DO UPDATE SET
			[[value]] = json_set(COALESCE([[value]], '{}'), '$."' || {:setting} || '"', {:fp}),
			[[updated]] = strftime('%Y-%m-%d %H:%M:%fZ')`).
		Bind(dbx.Params{"id": ParamID, "setting": setting, "fp": fp}).Execute()
	return err
}
