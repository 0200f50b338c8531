#!/usr/bin/env bash
# Ensures a headless-capable Chromium for the console's browser tests and prints its path.
#
#   CHROMIUM_PATH="$(deploy/local/browser.sh)"
#
# Debian's `chromium` package (installed when missing); playwright-core drives it through
# executablePath, so no browser is downloaded from Playwright's CDN.
set -euo pipefail
NAME=browser.sh
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_cmd chromium chromium
command -v chromium
