package signin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

var googleIssuers = []string{"accounts.google.com", "https://accounts.google.com"}

// idClaims are the Google ID-token claims the app uses.
type idClaims struct {
	jwt.RegisteredClaims
	Email         string `json:"email"`
	EmailVerified any    `json:"email_verified"` // Google sends a bool (older tokens: "true")
	Name          string `json:"name"`
	Picture       string `json:"picture"`
}

func (c idClaims) emailVerified() bool {
	switch v := c.EmailVerified.(type) {
	case bool:
		return v
	case string:
		return v == "true"
	}
	return false
}

// verifyIDToken checks a Google ID token: RS256 signature by one of Google's
// published keys, issuer, audience (our client id), expiry and issue time.
// It then requires a subject and a Google-verified e-mail address.
func verifyIDToken(ctx context.Context, keys *jwksCache, raw, clientID string) (googleIdentity, error) {
	claims := &idClaims{}
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{"RS256"}),
		jwt.WithAudience(clientID),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(30*time.Second),
	)
	_, err := parser.ParseWithClaims(raw, claims, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		if kid == "" {
			return nil, errUnknownKey
		}
		return keys.key(ctx, kid)
	})
	if err != nil {
		return googleIdentity{}, fmt.Errorf("signin: ID token rejected: %w", err)
	}
	if !slices.Contains(googleIssuers, claims.Issuer) {
		return googleIdentity{}, errors.New("signin: ID token rejected: issuer " + claims.Issuer)
	}
	id := googleIdentity{Subject: claims.Subject, Email: strings.TrimSpace(claims.Email), Name: claims.Name, Picture: claims.Picture}
	switch {
	case id.Subject == "":
		return id, errNoSubject
	case id.Email == "":
		return id, errNoEmail
	case !claims.emailVerified():
		return id, errEmailNotVerified
	}
	id.Email = strings.ToLower(id.Email)
	return id, nil
}
