package matching

import (
	"slices"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/search"
)

// admittedPosters keeps the candidate requests whose posters may apply to
// the offer l (its criteria: docs/api/eligibility.md). The posters'
// profiles are read in one query for all the candidates, and only for an
// offer that restricts who applies (most do not: their matches cost what
// they did).
func (f *Finder) admittedPosters(l *search.Listing, facets []search.Facet) ([]search.Facet, error) {
	var ids []string
	for _, c := range facets {
		if !slices.Contains(ids, c.PosterID) {
			ids = append(ids, c.PosterID)
		}
	}
	if len(ids) == 0 {
		return facets, nil
	}
	users, err := f.app.FindRecordsByIds("users", ids)
	if err != nil {
		return nil, err
	}
	admitted := make(map[string]bool, len(users))
	for _, u := range users {
		filter := listings.ForViewer(search.Filter{EligibleOnly: true}, listings.ViewerOf(u))
		admitted[u.Id] = f.engine.Match(&filter, l)
	}
	return slices.DeleteFunc(facets, func(c search.Facet) bool { return !admitted[c.PosterID] }), nil
}
