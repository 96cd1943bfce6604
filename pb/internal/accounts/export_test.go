package accounts

import "github.com/pocketbase/pocketbase/core"

// DecoyHash is the hash an unknown name's sign-in checks the password against.
func DecoyHash(app core.App) []byte { return decoyHash(passwordCost(app)) }
