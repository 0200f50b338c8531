#!/usr/bin/env bash
# Runs a command with the local stack's key ring of secrets at rest (deploy/local/secrets-key.sh),
# unless SECRETS_ENCRYPTION_KEYS or SECRETS_ENCRYPTION_KEYS_FILE names another: what `npm run bench`
# needs on a machine where only `make stack-up` ran.
#   deploy/local/with-key-ring.sh COMMAND ARGS...
set -euo pipefail
if [ -z "${SECRETS_ENCRYPTION_KEYS:-}${SECRETS_ENCRYPTION_KEYS_FILE:-}" ]; then
  SECRETS_ENCRYPTION_KEYS_FILE="$("$(dirname "${BASH_SOURCE[0]}")/secrets-key.sh")"
  export SECRETS_ENCRYPTION_KEYS_FILE
fi
exec "$@"
