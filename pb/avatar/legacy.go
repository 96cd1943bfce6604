package avatar

import (
	"errors"
	"fmt"
	"io"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// ClearOversized removes the avatars stored before uploads were bounded
// whose picture is over MaxPixels (their thumbnail would decode all of
// it). Only headers are read. The members keep their accounts and upload
// a new picture. It answers how many avatars it removed.
func ClearOversized(app core.App) (int, error) {
	var members []*core.Record
	if err := app.RecordQuery("users").AndWhere(dbx.NewExp("[[avatar]] != ''")).All(&members); err != nil {
		return 0, err
	}
	if len(members) == 0 {
		return 0, nil
	}
	fsys, err := app.NewFilesystem()
	if err != nil {
		return 0, err
	}
	defer fsys.Close()
	removed := 0
	for _, m := range members {
		r, err := fsys.GetReader(m.BaseFilesPath() + "/" + m.GetString("avatar"))
		if err != nil {
			continue // a missing file shows no picture either way
		}
		head, err := io.ReadAll(io.LimitReader(r, 64<<10)) // headers sit at the start
		_ = r.Close()
		if err != nil {
			return removed, err
		}
		if _, err := Check(head); !errors.Is(err, ErrTooLarge) {
			continue
		}
		m.Set("avatar", "") // the file and its thumbnails are deleted with the save
		if err := app.Save(m); err != nil {
			return removed, fmt.Errorf("avatar: clear %s: %w", m.Id, err)
		}
		removed++
	}
	return removed, nil
}
