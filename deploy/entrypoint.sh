#!/bin/sh
# The image's entrypoint. Fly mounts a volume owned by root; the server runs
# as the unprivileged user sponsorbridge (uid 10001), so the entrypoint hands
# the data directory to it and drops root before starting the server.
# no_new_privs is set either way: no setuid binary or file capability can
# give the server (or anything it starts) more rights than it has.
# Started as a non-root user already (docker run --user 10001), it keeps that user.
set -eu
uid=10001
data="${SB_DATA_DIR:-/pb/pb_data}"
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$data"
  # only what is not already the server's (a full chown of a large volume is slow)
  find "$data" ! -user "$uid" -exec chown "$uid:$uid" {} +
  exec setpriv --reuid="$uid" --regid="$uid" --clear-groups --inh-caps=-all --no-new-privs -- "$@"
fi
exec setpriv --no-new-privs -- "$@"
