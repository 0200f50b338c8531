#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# The local stack's key ring of secrets at rest: .data/secrets-encryption-keys, made once with a
# random 32-byte key (mode 600), then kept: the local database's secrets are sealed with it, and
# losing it would leave them unreadable. Prints its path, for SECRETS_ENCRYPTION_KEYS_FILE
# (make run, make demo, make migrate and make bench pass it on).
#   deploy/local/secrets-key.sh          -> prints the file's path, making it first if missing
#   deploy/local/secrets-key.sh rotate   -> puts a new key first (it seals from now on), keeps the others
set -euo pipefail
NAME=secrets-key
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

FILE="$DATA/secrets-encryption-keys"
new_entry() { echo "local-$(date -u +%Y%m%d%H%M%S)-$(head -c 2 /dev/urandom | od -An -tx1 | tr -d " \n"):$(head -c 32 /dev/urandom | base64 -w0)"; }

mkdir -p "$DATA"
if [ ! -s "$FILE" ]; then
  (umask 077 && new_entry >"$FILE")
  log "generated a key ring in $FILE (keep it: it decrypts the local database's secrets)"
fi
if [ "${1:-}" = rotate ]; then
  (umask 077 && { new_entry; cat "$FILE"; } >"$FILE.new" && mv "$FILE.new" "$FILE")
  log "new key first in $FILE; restart the service, then run: hookline secrets re-encrypt"
fi
echo "$FILE"
