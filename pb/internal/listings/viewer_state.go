package listings

import (
	"strings"

	"sponsorbridge/pb/internal/when"
)

// MarkViewerState sets what the signed-in viewer did to the listings of
// others in items: Applied on offers, MyPledge on requests. One query for
// the whole page, a statement prepared once per page size (every list
// page pays it: through the query builder it cost a list page about a
// seventh of its CPU).
func (s *Store) MarkViewerState(kind Kind, items []Listing, viewer Viewer) error {
	if viewer.ID == "" || len(items) == 0 {
		return nil
	}
	ids := make([]any, 0, len(items))
	for _, l := range items {
		if l.UserID != viewer.ID {
			ids = append(ids, l.ID)
		}
	}
	applied, pledges, err := s.marksOn(kind, viewer, ids)
	if err != nil {
		return err
	}
	for i := range items {
		items[i].MyPledge = pledges[items[i].ID]
		if items[i].UserID != viewer.ID {
			items[i].IndustryConflict = conflictOf(viewer, items[i].ExclusiveIndustries, items[i].ClashingIndustries)
		}
		if applied != nil && items[i].UserID != viewer.ID {
			items[i].Applied = new(applied[items[i].ID])
		}
	}
	return nil
}

// marksOn answers what the viewer did to the listings ids (of others): on
// offers, which they applied to (a map, nil for requests); on requests,
// their active pledges.
func (s *Store) marksOn(kind Kind, viewer Viewer, ids []any) (map[string]bool, map[string]*Pledge, error) {
	switch {
	case len(ids) == 0:
		return nil, nil, nil
	case kind.IsRequest:
		pledges, err := s.pledgesOn(viewer, ids)
		return nil, pledges, err
	default:
		applied, err := s.appliedTo(viewer, ids)
		return applied, nil, err
	}
}

func inList(n int) string { return "(" + strings.TrimSuffix(strings.Repeat("?,", n), ",") + ")" }

// pledgesOn answers the viewer's active pledges on the requests ids, by
// request id.
func (s *Store) pledgesOn(viewer Viewer, ids []any) (map[string]*Pledge, error) {
	q := (&sqlq{}).add("SELECT id, request, amount, created FROM commitments WHERE sponsor = ? AND status = 'active' AND request IN "+
		inList(len(ids)), viewer.ID).add("", ids...)
	rows, err := s.stmts.query(q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]*Pledge{}
	for rows.Next() {
		var id, request, created string
		var amount float64
		if err := rows.Scan(&id, &request, &amount, &created); err != nil {
			return nil, err
		}
		out[request] = &Pledge{ID: id, Amount: int64(amount), CreatedAt: when.APIStored(created)}
	}
	return out, rows.Err()
}

// appliedTo answers which of the offers ids the viewer applied to. SQLite
// looks each id up in the (sponsorship, applicant) index, a seek an offer;
// the one-row gate in front of it first asks whether the viewer applied to
// anything at all (one seek in the applicant index), and a member who never
// applied is answered without the page's seeks (in a profile of make
// bench's mix the query fell from 19 to 12 µs a request: docs/measurements.md,
// "The search goals measured without compression").
func (s *Store) appliedTo(viewer Viewer, ids []any) (map[string]bool, error) {
	q := (&sqlq{}).add("SELECT a.sponsorship FROM (SELECT 1 WHERE EXISTS (SELECT 1 FROM applications WHERE applicant = ?)) "+
		"CROSS JOIN applications a WHERE a.applicant = ? AND a.status <> 'withdrawn' AND a.sponsorship IN "+inList(len(ids)), viewer.ID, viewer.ID).
		add("", ids...)
	rows, err := s.stmts.query(q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	done := make(map[string]bool, len(ids))
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		done[id] = true
	}
	return done, rows.Err()
}
