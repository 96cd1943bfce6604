package settings

import (
	"errors"
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
)

const (
	// MaxAvatar bounds an avatar file, in bytes.
	MaxAvatar = 2 << 20
	// The form is held in memory up to this; its file goes to a temporary
	// file as it arrives.
	maxFormMemory = 64 << 10
)

// uploadAvatar replaces the member's avatar with the uploaded image (field
// "avatar"). The content decides, not the name: the headers must be JPEG,
// PNG, GIF or still lossy WebP of at most avatar.MaxPixels whose decoding
// costs at most avatar.MaxImageBytes (and a progressive JPEG at most
// avatar.MaxProgressiveScans scans), read before anything is decoded; the
// picture is then stored re-encoded at avatar.StoredSide. The body is read
// only under an upload slot (limits.TakeUpload), to a temporary file, and
// the file into memory only under an image-work slot.
func uploadAvatar(e *core.RequestEvent) error {
	if !limits.IsMultipart(e) {
		return avatarError(e, "Upload the image as multipart form data in the field avatar (at most 2 MB)")
	}
	release, err := limits.TakeUpload(e)
	if err != nil {
		return err
	}
	defer release()
	if err := e.Request.ParseMultipartForm(maxFormMemory); err != nil {
		return avatarError(e, "Upload the image as multipart form data in the field avatar (at most 2 MB)")
	}
	defer func() { _ = e.Request.MultipartForm.RemoveAll() }() // as deals' readForm
	headers := e.Request.MultipartForm.File["avatar"]
	if len(headers) != 1 {
		return avatarError(e, "Choose one image to upload")
	}
	fh := headers[0]
	if fh.Size > MaxAvatar {
		return avatarError(e, "The image must be at most 2 MB")
	}
	f, err := fh.Open()
	if err != nil {
		return avatarError(e, "The upload could not be read")
	}
	stored, ext, err := avatar.Avatar.NormalizeFile(e.Request.Context(), f, fh.Size)
	f.Close()
	if msg, refused := avatar.Refusal(err, "image", "The avatar must be a JPEG, PNG, GIF or WebP image"); refused {
		return avatarError(e, msg)
	}
	switch {
	case errors.Is(err, avatar.ErrBusy):
		e.Response.Header().Set("Retry-After", "5")
		return e.Error(http.StatusServiceUnavailable, "The server is busy processing pictures. Please try again in a moment.", nil)
	case err != nil:
		return e.InternalServerError("", err)
	}

	file, err := filesystem.NewFileFromBytes(stored, "avatar"+ext)
	if err != nil {
		return e.InternalServerError("", err)
	}
	member, err := changeMember(e, func(member *core.Record) error {
		member.Set("avatar", file) // the previous file is removed after the save
		return nil
	})
	if err != nil {
		if isHTTPError(err) {
			return err
		}
		return e.BadRequestError("Could not save the avatar.", err)
	}
	return answerOwn(e, member)
}

// removeAvatar clears the member's avatar.
func removeAvatar(e *core.RequestEvent) error {
	member, err := changeMember(e, func(member *core.Record) error {
		member.Set("avatar", "")
		return nil
	})
	if err != nil {
		if isHTTPError(err) {
			return err
		}
		return e.InternalServerError("", err)
	}
	return answerOwn(e, member)
}

func avatarError(e *core.RequestEvent, msg string) error {
	return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
		"avatar": apierr.Field("validation_invalid_avatar", msg),
	})
}
