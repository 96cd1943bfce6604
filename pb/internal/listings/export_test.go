package listings

import (
	"bytes"
	"context"
	"encoding/json/v2"
)

// ReferencePage answers what List answers, written the way it was before
// cards: the rows read from SQLite, mapped, marked for the viewer and
// encoded together.
func (s *Store) ReferencePage(ctx context.Context, kind Kind, q *ListRequest, viewer Viewer) ([]byte, error) {
	res, err := s.engine.Search(ctx, kind.Table, searchQuery(q, viewer))
	if err != nil {
		return nil, err
	}
	rows, err := s.byRowids(kind, res.Rowids)
	if err != nil {
		return nil, err
	}
	items := []Listing{}
	for i := range rows {
		l, err := s.ToListing(kind, &rows[i], viewer)
		if err != nil {
			return nil, err
		}
		items = append(items, l)
	}
	if err := s.MarkViewerState(kind, items, viewer); err != nil {
		return nil, err
	}
	return json.Marshal(items, encodeOptions)
}

// Body is the page as the list route writes it.
func (p *Page) Body() []byte {
	var b bytes.Buffer
	if _, err := p.Items.WriteTo(&b); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// CardsHeld answers how many cards the store keeps.
func (s *Store) CardsHeld() int {
	n, _ := s.cards.held()
	return n
}
