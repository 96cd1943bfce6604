package signin

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/auth"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/publicurl"
)

// ConfigureGoogle writes the Google provider from the environment into the
// users collection's OAuth2 settings (the database, never a migration).
// Without GOOGLE_CLIENT_ID/SECRET whatever the dashboard set is kept.
func ConfigureGoogle(app core.App, cfg *config.Config) error {
	if !cfg.GoogleConfigured() {
		return nil
	}
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	want := core.OAuth2ProviderConfig{
		Name:         auth.NameGoogle,
		ClientId:     cfg.GoogleClientID,
		ClientSecret: cfg.GoogleClientSecret,
		AuthURL:      cfg.GoogleAuthURL,
		TokenURL:     cfg.GoogleTokenURL,
		UserInfoURL:  cfg.GoogleUserInfoURL,
	}
	providers := make([]core.OAuth2ProviderConfig, 0, len(users.OAuth2.Providers)+1)
	for _, p := range users.OAuth2.Providers {
		if p.Name != auth.NameGoogle {
			providers = append(providers, p)
		}
	}
	users.OAuth2.Providers = append(providers, want)
	users.OAuth2.Enabled = true
	return app.Save(users)
}

// googleConfig is the Google provider configured on the users collection,
// complete enough to sign someone in.
func googleConfig(app core.App) (core.OAuth2ProviderConfig, bool) {
	users, err := app.FindCachedCollectionByNameOrId("users")
	if err != nil || !users.OAuth2.Enabled {
		return core.OAuth2ProviderConfig{}, false
	}
	p, ok := users.OAuth2.GetProviderConfig(auth.NameGoogle)
	if !ok || p.ClientId == "" || p.ClientSecret == "" {
		return core.OAuth2ProviderConfig{}, false
	}
	return p, true
}

// GoogleConfigured tells whether Google sign-in can run, whether its
// credentials came from the environment or from the dashboard.
func GoogleConfigured(app core.App) bool {
	_, ok := googleConfig(app)
	return ok
}

// redirectURL is the callback page Google sends the browser back to.
func redirectURL(app core.App) string {
	return publicurl.Link(app, "/__/auth/handler")
}
