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
STAMP="$VENV/.requirements"

ensure_venv() {
  if [ -x "$VENV/bin/schemathesis" ] && cmp -s "$REQUIREMENTS" "$STAMP"; then return 0; fi
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
  exec "$VENV/bin/schemathesis" "$@"
fi
echo "$VENV/bin/schemathesis"
