package signin

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// CleanProofs deletes the proofs of addresses (and reset stand-ins) that
// hold nothing any more: no code (PocketBase deletes expired ones every
// hour), no wrong codes within the budget's window, made over a window
// ago, and never used to sign in or to confirm the address (a used one
// keeps its id, which signs its browsers' sb_code_device cookies). Every
// request for an unknown address or name leaves such a proof, so without
// this they would pile up (docs/security.md, "Forgotten passwords"); one
// statement, run daily.
func CleanProofs(app core.App) error {
	proofs, err := app.FindCachedCollectionByNameOrId(proofsCollection)
	if err != nil {
		return err
	}
	cutoff, err := types.ParseDateTime(time.Now().Add(-addressWrongWindow))
	if err != nil {
		return err
	}
	_, err = app.DB().NewQuery(`DELETE FROM {{` + proofsCollection + `}}
		WHERE [[usedOtpId]] = '' AND [[created]] <= {:cutoff}
		AND ([[failuresSince]] = '' OR [[failuresSince]] <= {:cutoff})
		AND ([[nameFailuresSince]] = '' OR [[nameFailuresSince]] <= {:cutoff})
		AND [[id]] NOT IN (SELECT [[recordRef]] FROM {{_otps}} WHERE [[collectionRef]] = {:collection})`).
		Bind(dbx.Params{"cutoff": cutoff.String(), "collection": proofs.Id}).Execute()
	return err
}
