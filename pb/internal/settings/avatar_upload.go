package settings

import (
	"bytes"
	"image"
	_ "image/gif" // decoders the content check needs
	_ "image/jpeg"
	_ "image/png"
	"io"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	_ "golang.org/x/image/webp"

	"sponsorbridge/pb/internal/apierr"
)

const (
	maxAvatar     = 2 << 20
	maxAvatarBody = maxAvatar + 64<<10 // the file plus the multipart framing
	maxAvatarSide = 8000
)

// The formats an avatar may be, by what image.DecodeConfig reports.
var avatarFormats = map[string]string{"jpeg": ".jpg", "png": ".png", "gif": ".gif", "webp": ".webp"}

// uploadAvatar replaces the member's avatar with the uploaded image (field
// "avatar"). The content decides, not the name: the image header must
// decode as JPEG, PNG, GIF or WebP of a sane size.
func uploadAvatar(e *core.RequestEvent) error {
	if err := e.Request.ParseMultipartForm(maxAvatarBody); err != nil {
		return avatarError(e, "Upload the image as multipart form data in the field avatar (at most 2 MB)")
	}
	headers := e.Request.MultipartForm.File["avatar"]
	if len(headers) != 1 {
		return avatarError(e, "Choose one image to upload")
	}
	fh := headers[0]
	if fh.Size > maxAvatar {
		return avatarError(e, "The image must be at most 2 MB")
	}
	f, err := fh.Open()
	if err != nil {
		return avatarError(e, "The upload could not be read")
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxAvatar+1))
	f.Close()
	if err != nil || len(raw) > maxAvatar {
		return avatarError(e, "The image must be at most 2 MB")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	ext, ok := avatarFormats[format]
	if err != nil || !ok {
		return avatarError(e, "The avatar must be a JPEG, PNG, GIF or WebP image")
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > maxAvatarSide || cfg.Height > maxAvatarSide {
		return avatarError(e, "The image must be at most 8000 pixels on each side")
	}

	file, err := filesystem.NewFileFromBytes(raw, "avatar"+ext)
	if err != nil {
		return e.InternalServerError("", err)
	}
	member, err := freshMember(e)
	if err != nil {
		return err
	}
	member.Set("avatar", file) // the previous file is removed after the save
	if err := e.App.Save(member); err != nil {
		return e.BadRequestError("Could not save the avatar.", err)
	}
	return answerOwn(e, member)
}

// removeAvatar clears the member's avatar.
func removeAvatar(e *core.RequestEvent) error {
	member, err := freshMember(e)
	if err != nil {
		return err
	}
	if member.GetString("avatar") != "" {
		member.Set("avatar", "")
		if err := e.App.Save(member); err != nil {
			return e.InternalServerError("", err)
		}
	}
	return answerOwn(e, member)
}

func avatarError(e *core.RequestEvent, msg string) error {
	return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
		"avatar": apierr.Field("validation_invalid_avatar", msg),
	})
}
