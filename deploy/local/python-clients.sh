#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Python with Confluent's own client (confluent-kafka: AvroSerializer, JSONSerializer), for tests that
# check Hookline against events serialised by a producer we did not write.
#   deploy/local/python-clients.sh            -> prints the venv's python
#   deploy/local/python-clients.sh run ARGS   -> runs that python with ARGS
# The venv lives in .cache/python-clients and is made once; a changed requirements file remakes it.
set -euo pipefail
NAME=python-clients
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REQUIREMENTS="$ROOT/test/support/python/requirements.txt"
VENV="$CACHE/python-clients"
ensure_venv "$VENV" "$REQUIREMENTS" bin/python
if [ "${1:-}" = run ]; then
  shift
  exec "$VENV/bin/python" "$@"
fi
echo "$VENV/bin/python"
