package signin

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/session"
)

// What a code that cannot sign in says; each names its own cause.
const (
	msgCodeWrong   = "That code is not right. Check the e-mail and try again."
	msgCodeExpired = "This code has expired. Request a new code."
	msgCodeUsed    = "This code has already been used. Request a new code."
	msgCodeUnknown = "This code is no longer valid. Request a new code."
	msgCodeTooMany = "Too many wrong codes. Request a new code."
)

var errCodeUsed = errors.New("signin: code already used")

// emailCodeVerify proves the address with the code it was sent, then signs
// in the member who has confirmed that address, or creates the account with
// the typed display name. A wrong, expired or replayed code signs nobody in.
func (h *handlers) emailCodeVerify(e *core.RequestEvent) error {
	form := &codeVerifyForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	proofs, err := e.App.FindCachedCollectionByNameOrId(proofsCollection)
	if err != nil {
		return e.InternalServerError("", err)
	}

	otp, err := e.App.FindOTPById(form.OTPID)
	if err != nil || otp.CollectionRef() != proofs.Id {
		if used, _ := e.App.FindFirstRecordByData(proofs, "usedOtpId", form.OTPID); used != nil {
			return codeError(e, msgCodeUsed, "validation_code_used")
		}
		return codeError(e, msgCodeUnknown, "validation_code_unknown")
	}
	if otp.HasExpired(codeTTL(proofs)) {
		_ = e.App.Delete(otp)
		return codeError(e, msgCodeExpired, "validation_code_expired")
	}
	proof, err := e.App.FindRecordById(proofs, otp.RecordRef())
	if err != nil {
		return codeError(e, msgCodeUnknown, "validation_code_unknown")
	}
	if proof.GetInt("failedAttempts") >= maxFailedAttempts {
		_ = e.App.Delete(otp)
		return e.TooManyRequestsError(msgCodeTooMany, nil)
	}
	if !otp.ValidatePassword(form.Code) {
		n, err := countFailure(e.App, proof.Id)
		if err != nil {
			return e.InternalServerError("", err)
		}
		if n >= maxFailedAttempts {
			_ = e.App.Delete(otp)
			return e.TooManyRequestsError(msgCodeTooMany, nil)
		}
		return codeError(e, msgCodeWrong, "validation_code_wrong")
	}

	member, isNew, err := redeemCode(e.App, otp.Id, proof.Id, form.DisplayName)
	switch {
	case errors.Is(err, errCodeUsed):
		return codeError(e, msgCodeUsed, "validation_code_used")
	case err != nil:
		return e.InternalServerError("", err)
	}
	if err := session.Start(e, member); err != nil {
		return err
	}
	own, err := accounts.ToOwn(e.App, member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	if isNew {
		return e.JSON(http.StatusCreated, own)
	}
	return e.JSON(http.StatusOK, own)
}

// redeemCode spends the code exactly once (writes are serialized, so of two
// requests racing with the same code only the first finds it) and resolves
// the member of the proven address.
func redeemCode(app core.App, otpID, proofID, displayName string) (member *core.Record, isNew bool, err error) {
	err = app.RunInTransaction(func(tx core.App) error {
		otp, err := tx.FindOTPById(otpID)
		if err != nil {
			return errCodeUsed
		}
		if err := tx.Delete(otp); err != nil {
			return err
		}
		proof, err := tx.FindRecordById(proofsCollection, proofID)
		if err != nil {
			return err
		}
		proof.Set("usedOtpId", otpID)
		proof.Set("failedAttempts", 0)
		if err := tx.Save(proof); err != nil {
			return err
		}

		member, err = FindByProvenEmail(tx, proof.Email())
		switch {
		case err == nil:
			return nil
		case errors.Is(err, sql.ErrNoRows):
			member, err = createMember(tx, proof.Email(), displayName, "", "email")
			isNew = err == nil
			return err
		default:
			return err
		}
	})
	if err != nil {
		return nil, false, err
	}
	return member, isNew, nil
}

func codeError(e *core.RequestEvent, msg, code string) error {
	return e.BadRequestError(msg, validation.Errors{"code": apierr.Field(code, msg)})
}

// ----------------------------------------------------------------

type codeVerifyForm struct {
	OTPID       string `json:"otpId"`
	Code        string `json:"code"`
	DisplayName string `json:"displayName"`
}

func (f *codeVerifyForm) validate() error {
	f.OTPID = strings.TrimSpace(f.OTPID)
	f.Code = strings.TrimSpace(f.Code)
	f.DisplayName = strings.TrimSpace(f.DisplayName)
	errs := validation.Errors{}
	if f.OTPID == "" || len(f.OTPID) > 64 {
		errs["otpId"] = apierr.Field("validation_required", "Request a code first")
	}
	switch {
	case f.Code == "":
		errs["code"] = apierr.Field("validation_required", "Enter the code from the e-mail")
	case len(f.Code) > 16:
		errs["code"] = apierr.Field("validation_code_wrong", msgCodeWrong)
	}
	if err := accounts.CheckDisplayName(f.DisplayName); err != nil {
		errs["displayName"] = err
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
