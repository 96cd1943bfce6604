package eligibility

// PlaceMatches tells whether a member's place mine matches one of places,
// as the location rule compares them (the applications view's match
// weighs it too). placeMatches folds each place itself (search.SamePlace).
func PlaceMatches(places []string, mine string) bool { return placeMatches(places, mine) }

// List joins names as the sentences do: "Pune", "Pune and Mumbai",
// "Pune, Mumbai and Delhi".
func List(names []string) string { return list(names) }
