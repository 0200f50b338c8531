#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Schemathesis (PyPI) in its own venv, for the property-based contract test (test/e2e/api-contract.spec.ts).
#   deploy/local/schemathesis.sh            -> prints the path of the `schemathesis` command
#   deploy/local/schemathesis.sh run ARGS   -> `schemathesis run ARGS`
# The venv lives in .cache/schemathesis and is made once; a changed requirements file remakes it.
set -euo pipefail
NAME=schemathesis
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REQUIREMENTS="$ROOT/test/support/contract/requirements.txt"
# Resolved (.cache may be a link): a venv names its own path in its scripts.
VENV="$(mkdir -p "$CACHE" && cd "$CACHE" && pwd -P)/schemathesis"
ensure_venv "$VENV" "$REQUIREMENTS" bin/schemathesis
if [ "${1:-}" = run ]; then
  exec "$VENV/bin/schemathesis" "$@"
fi
echo "$VENV/bin/schemathesis"
