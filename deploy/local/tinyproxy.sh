#!/usr/bin/env bash
# Ensures tinyproxy, the HTTP CONNECT proxy of the egress-proxy tests, and prints its path.
#
#   TINYPROXY="$(deploy/local/tinyproxy.sh)"
#
# Debian's `tinyproxy` package (installed when missing). Tests run their own instance on a free
# port with a configuration in a temporary folder; the package's system service is neither used
# nor started (its unit is stopped and disabled if the install started it).
set -euo pipefail
NAME=tinyproxy.sh
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if ! command -v tinyproxy >/dev/null 2>&1; then
  # The package's maintainer script would start a system-wide proxy on 8888: tell it not to.
  if [ "$(id -u)" = 0 ] && [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  ensure_cmd tinyproxy tinyproxy
fi
command -v tinyproxy
