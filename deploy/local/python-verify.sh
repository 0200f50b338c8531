#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Python for the signature snippets and their tests: PyCA cryptography (Ed25519, Standard Webhooks
# v1a) and the official standardwebhooks library (which checks v1 only), from
# packages/verify/snippets/requirements.txt.
#   deploy/local/python-verify.sh            -> prints the venv's python
#   deploy/local/python-verify.sh run ARGS   -> runs that python with ARGS
# The venv lives in .cache/python-verify and is made once; a changed requirements file remakes it.
set -euo pipefail
NAME=python-verify
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REQUIREMENTS="$ROOT/packages/verify/snippets/requirements.txt"
VENV="$CACHE/python-verify"
ensure_venv "$VENV" "$REQUIREMENTS" bin/python
if [ "${1:-}" = run ]; then
  shift
  exec "$VENV/bin/python" "$@"
fi
echo "$VENV/bin/python"
