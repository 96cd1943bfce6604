package builtin

// IsBuiltinPath tells whether a route pattern lies under PocketBase's paths.
func IsBuiltinPath(pattern string) bool {
	_, ok := accessOf(pattern)
	return ok
}
