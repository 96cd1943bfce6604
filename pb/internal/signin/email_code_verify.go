package signin

import (
	"database/sql"
	"errors"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/refusal"
)

// What a code that cannot sign in says; each names its own cause.
const (
	msgCodeWrong   = "That code is not right. Check the e-mail and try again."
	msgCodeExpired = "This code has expired. Request a new code."
	msgCodeUsed    = "This code has already been used. Request a new code."
	msgCodeUnknown = "This code is no longer valid. Request a new code."
	msgCodeTooMany = "Too many wrong codes were typed for this e-mail address."
	// the client's own count, over all addresses (limits.Client.TakeCode)
	msgCodeTooManyFromClient = "Too many wrong codes were typed from your network today."
)

var errCodeUsed = errors.New("signin: code already used")

// CodeVerifyRequest is POST /api/auth/email-code/verify's body.
type CodeVerifyRequest struct {
	OTPID       string `json:"otpId"`
	Code        string `json:"code"`
	DisplayName string `json:"displayName"`
}

// CodeSignIn is who a code signed in: the member, whether the account was
// just created, and the address's proof the browser is to be remembered
// as knowing (empty when it is known already).
type CodeSignIn struct {
	Member    *core.Record
	IsNew     bool
	NewDevice string
}

// VerifyEmailCode proves the address with the code it was sent, then
// finds the member who has confirmed that address, or creates the account
// with the typed display name. A wrong, expired or replayed code signs
// nobody in. Wrong codes count per address (checkCode); a browser that
// signs in here is remembered as knowing the address (NewDevice), so a
// stranger who spends the address's budget does not shut it out.
func VerifyEmailCode(app core.App, client limits.Client, in CodeVerifyRequest) (CodeSignIn, error) {
	if err := in.validate(); err != nil {
		return CodeSignIn{}, refusal.Fields(err)
	}
	proofs, err := app.FindCachedCollectionByNameOrId(proofsCollection)
	if err != nil {
		return CodeSignIn{}, err
	}
	otp, err := app.FindOTPById(in.OTPID)
	// only an address code signs in (a reset code's id is never answered, but it is not one)
	if err != nil || otp.CollectionRef() != proofs.Id || !AddressPurpose.owns(otp) {
		if used, _ := app.FindFirstRecordByData(proofs, "usedOtpId", in.OTPID); used != nil {
			return CodeSignIn{}, codeUsed.refusal()
		}
		return CodeSignIn{}, codeUnknown.refusal()
	}
	proof, err := app.FindRecordById(proofs, otp.RecordRef())
	if err != nil {
		return CodeSignIn{}, codeUnknown.refusal()
	}
	device := limits.AddressDevices.KnownTo(app, client, proof.Id)
	if err := checkCode(app, client, proofs, proof.Id, addressWrongCodes, otp, in.Code, device); err != nil {
		return CodeSignIn{}, refused(err)
	}
	member, isNew, err := redeemCode(app, otp.Id, proof.Id, in.DisplayName)
	if errors.Is(err, errCodeUsed) {
		return CodeSignIn{}, codeUsed.refusal()
	}
	if err != nil {
		return CodeSignIn{}, err
	}
	s := CodeSignIn{Member: member, IsNew: isNew}
	if device == "" {
		s.NewDevice = proof.Id
	}
	return s, nil
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

func (f *CodeVerifyRequest) validate() error {
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
