#!/usr/bin/env bash
# Ensures nginx for the benchmark's HTTPS receiver and prints its path.
#
#   NGINX="$(deploy/local/nginx.sh)"
#
# Debian's `nginx` package (installed when missing). The bench runs its own nginx on free ports with
# a configuration in a temporary folder; the package's system service is neither used nor started.
set -euo pipefail
NAME=nginx.sh
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_cmd nginx nginx
command -v nginx
