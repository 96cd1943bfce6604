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
	ids := othersIDs(items, viewer)
	if len(ids) == 0 {
		return nil
	}
	if kind.IsRequest {
		return s.markPledged(items, viewer, ids)
	}
	return s.markApplied(items, viewer, ids)
}

// othersIDs lists the ids of the listings in items the viewer did not post.
func othersIDs(items []Listing, viewer Viewer) []any {
	ids := make([]any, 0, len(items))
	for _, l := range items {
		if l.UserID != viewer.ID {
			ids = append(ids, l.ID)
		}
	}
	return ids
}

func inList(n int) string { return "(" + strings.TrimSuffix(strings.Repeat("?,", n), ",") + ")" }

// markPledged sets MyPledge on the requests the viewer has an active
// pledge on.
func (s *Store) markPledged(items []Listing, viewer Viewer, ids []any) error {
	q := (&sqlq{}).add("SELECT id, request, amount, created FROM commitments WHERE sponsor = ? AND status = 'active' AND request IN "+
		inList(len(ids)), viewer.ID).add("", ids...)
	rows, err := s.stmts.query(q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, request, created string
		var amount float64
		if err := rows.Scan(&id, &request, &amount, &created); err != nil {
			return err
		}
		for i := range items {
			if items[i].ID == request {
				items[i].MyPledge = &Pledge{ID: id, Amount: int64(amount), CreatedAt: when.APIStored(created)}
			}
		}
	}
	return rows.Err()
}

// markApplied sets Applied on the offers of others in items.
func (s *Store) markApplied(items []Listing, viewer Viewer, ids []any) error {
	q := (&sqlq{}).add("SELECT sponsorship FROM applications WHERE applicant = ? AND sponsorship IN "+inList(len(ids)), viewer.ID).
		add("", ids...)
	rows, err := s.stmts.query(q)
	if err != nil {
		return err
	}
	defer rows.Close()
	done := make(map[string]bool, len(ids))
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return err
		}
		done[id] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i := range items {
		if items[i].UserID != viewer.ID {
			v := done[items[i].ID]
			items[i].Applied = &v
		}
	}
	return nil
}
