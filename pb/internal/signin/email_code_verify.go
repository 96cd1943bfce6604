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
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/session"
)

// What a code that cannot sign in says; each names its own cause.
const (
	msgCodeWrong   = "That code is not right. Check the e-mail and try again."
	msgCodeExpired = "This code has expired. Request a new code."
	msgCodeUsed    = "This code has already been used. Request a new code."
	msgCodeUnknown = "This code is no longer valid. Request a new code."
	msgCodeTooMany = "Too many wrong codes were typed for this e-mail address."
	// the client's own count, over all addresses (limits.TakeClientCode)
	msgCodeTooManyFromClient = "Too many wrong codes were typed from your network today."
)

var errCodeUsed = errors.New("signin: code already used")

// emailCodeVerify proves the address with the code it was sent, then signs
// in the member who has confirmed that address, or creates the account with
// the typed display name. A wrong, expired or replayed code signs nobody in.
// Wrong codes count per address (checkCode); the browser that signs in
// here is remembered as knowing the address, so a stranger who spends the
// address's budget does not shut it out.
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
	// only an address code signs in (a reset code's id is never answered, but it is not one)
	if err != nil || otp.CollectionRef() != proofs.Id || !AddressPurpose.owns(otp) {
		if used, _ := e.App.FindFirstRecordByData(proofs, "usedOtpId", form.OTPID); used != nil {
			return codeUsed.Answer(e)
		}
		return codeUnknown.Answer(e)
	}
	proof, err := e.App.FindRecordById(proofs, otp.RecordRef())
	if err != nil {
		return codeUnknown.Answer(e)
	}
	device := limits.AddressDevices.Known(e, proof.Id)
	if err := checkCode(e, proofs, proof.Id, addressWrongCodes, otp, form.Code, device); err != nil {
		var ce *CodeError
		if errors.As(err, &ce) {
			return ce.Answer(e)
		}
		return e.InternalServerError("", err)
	}

	member, isNew, err := redeemCode(e.App, otp.Id, proof.Id, form.DisplayName)
	switch {
	case errors.Is(err, errCodeUsed):
		return codeUsed.Answer(e)
	case err != nil:
		return e.InternalServerError("", err)
	}
	if err := session.Start(e, member); err != nil {
		return err
	}
	if device == "" {
		limits.AddressDevices.Remember(e, proof.Id)
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

// redeemCode spends the code exactly once and resolves the member of the
// proven address, in one transaction.
func redeemCode(app core.App, otpID, proofID, displayName string) (member *core.Record, isNew bool, err error) {
	err = app.RunInTransaction(func(tx core.App) error {
		if err := spendCode(tx, proofID, otpID, AddressPurpose); err != nil {
			return err
		}
		proof, err := tx.FindRecordById(proofsCollection, proofID)
		if err != nil {
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
