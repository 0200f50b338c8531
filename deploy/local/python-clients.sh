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
STAMP="$VENV/.requirements"

ensure_venv() {
  if [ -x "$VENV/bin/python" ] && cmp -s "$REQUIREMENTS" "$STAMP"; then return 0; fi
  ensure_cmd python3 python3
  # Debian splits venv/ensurepip out of python3.
  python3 -c 'import venv, ensurepip' 2>/dev/null || ensure_cmd_pkg python3-venv
  log "creating $VENV (first run only)"
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  local out
  out="$("$VENV/bin/pip" install -q --disable-pip-version-check -r "$REQUIREMENTS" 2>&1)" \
    || { echo "$out" >&2; rm -rf "$VENV"; die "pip install failed"; }
  cp "$REQUIREMENTS" "$STAMP"
}

ensure_cmd_pkg() { # a package with no command of its own to test for
  [ "$(id -u)" = 0 ] || die "python3 venv support missing and not root: apt-get install $1"
  log "installing Debian package $1"
  apt-get update -qq >/dev/null 2>&1 || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null 2>&1 || die "apt-get install $1 failed"
}

ensure_venv
if [ "${1:-}" = run ]; then
  shift
  exec "$VENV/bin/python" "$@"
fi
echo "$VENV/bin/python"
