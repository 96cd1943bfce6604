package metrics

import "strings"

// Every label value of the request metrics comes from a closed set: a label
// copied from the request (a made-up method, a path) would be a new series
// kept for the life of the process, so any visitor could grow memory and
// the exposition without limit (300 requests with 100 KB methods once took
// the server from 38 to 96 MB and /api/metrics to 30 MB).

// Other is the label value of anything outside a closed set.
const Other = "other"

// methods are the method label's values: the methods of RFC 9110 and PATCH, then Other.
var methods = [...]string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE", Other}

func methodIndex(m string) int {
	switch m {
	case "GET":
		return 0
	case "HEAD":
		return 1
	case "POST":
		return 2
	case "PUT":
		return 3
	case "PATCH":
		return 4
	case "DELETE":
		return 5
	case "OPTIONS":
		return 6
	case "CONNECT":
		return 7
	case "TRACE":
		return 8
	}
	return len(methods) - 1
}

// classes are the status label's values: Other, then "1xx" to "5xx".
var classes = [...]string{Other, "1xx", "2xx", "3xx", "4xx", "5xx"}

func classIndex(status int) int {
	if status < 100 || status > 599 {
		return 0
	}
	return status / 100
}

// Group is the route group a request pattern counts under: "/api/<first
// segment>" for the API, "spa" for the web app's files, "dashboard" for
// PocketBase's, "unmatched" when no route matched. Patterns, not paths: the
// mux sets a request's pattern only to one the app registered, so the
// groups are the app's route groups.
func Group(pattern string) string {
	_, path, found := strings.Cut(pattern, " ")
	if !found {
		path = pattern
	}
	switch {
	case path == "" || path == "/":
		return "unmatched" // "/" is PocketBase's catch-all: not found, any method
	case path == "/api/" || path == "/api/{path...}":
		return "unmatched"
	case strings.HasPrefix(path, "/api/"):
		seg, _, _ := strings.Cut(strings.TrimPrefix(path, "/api/"), "/")
		if seg == "" || strings.HasPrefix(seg, "{") {
			return "unmatched"
		}
		return "/api/" + seg
	case strings.HasPrefix(path, "/_/"):
		return "dashboard"
	}
	return "spa"
}
