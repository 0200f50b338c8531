#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# The local stack's key ring of secrets at rest, made once with a random 32-byte key (mode 600), then
# kept. It lives beside the database it unlocks, not in the checkout: the local Postgres is the
# machine's cluster, which every checkout shares, so a second clone (or a re-clone) must read the
# rows the first one sealed. Prints its path, for SECRETS_ENCRYPTION_KEYS_FILE (make run, make demo,
# make migrate and make bench pass it on).
#   deploy/local/secrets-key.sh          -> prints the file's path, making it first if missing
#   deploy/local/secrets-key.sh rotate   -> puts a new key first (it seals from now on), keeps the others
# HOOKLINE_LOCAL_STATE names another directory for it (default: $XDG_DATA_HOME/hookline, or
# ~/.local/share/hookline).
set -euo pipefail
NAME=secrets-key
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SHARED="${XDG_DATA_HOME:-${HOME:+$HOME/.local/share}}"
# Without a home (some CI sandboxes) the checkout keeps it, as before.
STATE="${HOOKLINE_LOCAL_STATE:-${SHARED:+$SHARED/hookline}}"
STATE="${STATE:-$DATA/state}"
FILE="$STATE/secrets-encryption-keys"
# Where a checkout kept its own ring before: merged into the shared one, so nothing it sealed is lost.
CHECKOUT_RING="$DATA/secrets-encryption-keys"
new_entry() { echo "local-$(date -u +%Y%m%d%H%M%S)-$(head -c 2 /dev/urandom | od -An -tx1 | tr -d " \n"):$(head -c 32 /dev/urandom | base64 -w0)"; }

mkdir -p "$STATE"
if [ -s "$CHECKOUT_RING" ]; then
  # Appended after the shared ring's keys (the first key seals; every key unseals), once each.
  (umask 077 && touch "$FILE" && grep -vxF -f "$FILE" "$CHECKOUT_RING" >>"$FILE" || true)
  mv "$CHECKOUT_RING" "$CHECKOUT_RING.merged"
  log "merged this checkout's key ring into $FILE (kept as $CHECKOUT_RING.merged)"
fi
if [ ! -s "$FILE" ]; then
  (umask 077 && new_entry >"$FILE")
  log "generated a key ring in $FILE (keep it: it decrypts the local database's secrets)"
fi
if [ "${1:-}" = rotate ]; then
  (umask 077 && { new_entry; cat "$FILE"; } >"$FILE.new" && mv "$FILE.new" "$FILE")
  log "new key first in $FILE; restart the service, then run: hookline secrets re-encrypt"
fi
echo "$FILE"
