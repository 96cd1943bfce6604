package settings

import (
	"context"
	"errors"
	"mime/multipart"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
)

const (
	// MaxAvatar bounds an avatar file, in bytes.
	MaxAvatar = 2 << 20
	// The form is held in memory up to this; its file goes to a temporary
	// file as it arrives.
	maxFormMemory = 64 << 10
)

// UploadAvatar replaces memberID's avatar with the uploaded image (the
// files of the form's field "avatar": exactly one). The content decides,
// not the name: the headers must be JPEG, PNG, GIF or still lossy WebP of
// at most avatar.MaxPixels whose decoding costs at most
// avatar.MaxImageBytes (and a progressive JPEG at most
// avatar.MaxProgressiveScans scans), read before anything is decoded; the
// picture is then stored re-encoded at avatar.StoredSide. The file is read
// into memory only under an image-work slot.
func UploadAvatar(ctx context.Context, app core.App, memberID string, files []*multipart.FileHeader) (*core.Record, error) {
	if len(files) != 1 {
		return nil, avatarRefused("Choose one image to upload")
	}
	fh := files[0]
	if fh.Size > MaxAvatar {
		return nil, avatarRefused("The image must be at most 2 MB")
	}
	f, err := fh.Open()
	if err != nil {
		return nil, avatarRefused("The upload could not be read")
	}
	stored, ext, err := avatar.Avatar.NormalizeFile(ctx, f, fh.Size)
	f.Close()
	if msg, refused := avatar.Refusal(err, "image", "The avatar must be a JPEG, PNG, GIF or WebP image"); refused {
		return nil, avatarRefused(msg)
	}
	switch {
	case errors.Is(err, avatar.ErrBusy):
		// Retry-After: 5 (the answer adds a second to the wait)
		return nil, &refusal.Refusal{Kind: refusal.Unavailable, RetryAfter: 4 * time.Second,
			Message: "The server is busy processing pictures. Please try again in a moment."}
	case err != nil:
		return nil, err
	}
	file, err := filesystem.NewFileFromBytes(stored, "avatar"+ext)
	if err != nil {
		return nil, err
	}
	member, err := changeMember(app, memberID, func(member *core.Record) error {
		member.Set("avatar", file) // the previous file is removed after the save
		return nil
	})
	return member, orInvalid(err, "Could not save the avatar.")
}

func avatarRefused(msg string) error {
	return refusal.Fields(validation.Errors{
		"avatar": apierr.Field("validation_invalid_avatar", msg),
	})
}
