// Package litefs is what the server knows of LiteFS: past one VM, LiteFS's own HTTP proxy
// stands in front of the server and forwards writes made on a read replica
// to the primary (fly-replay), makes a replica wait for a member's own last
// write before it answers their reads (the __txid cookie), and has the
// realtime stream and its subscription served by the primary, where every
// write and so every event is made (always-forward). Its configuration is
// deploy/litefs.yml; the test here checks it against fly.toml and LiteFS's
// routing rules. docs/operations.md ("Past one VM") says why LiteFS's proxy
// and not forwarding of our own. The server itself only watches its Role
// (LITEFS_DIR): a replica does not checkpoint data.db, and a primary that
// is demoted while it runs ends its realtime streams, which reconnect
// through the proxy to the new primary.
package litefs
