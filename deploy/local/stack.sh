#!/usr/bin/env bash
# The whole local stack: PostgreSQL, Kafka, schema registry (and the key ring of secrets at rest in .data/).
#   deploy/local/stack.sh up|down|status
# Starts in dependency order, stops in reverse, then prints one line per service.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SERVICES=(postgres kafka registry)

status_all() { for s in "${SERVICES[@]}"; do "$HERE/$s.sh" status; done; }

case "${1:-}" in
  up)
    for s in "${SERVICES[@]}"; do "$HERE/$s.sh" up; done
    "$HERE/secrets-key.sh" >/dev/null # the key ring of secrets at rest, made once
    status_all
    ;;
  down)
    for ((i = ${#SERVICES[@]} - 1; i >= 0; i--)); do "$HERE/${SERVICES[i]}.sh" down; done
    status_all
    ;;
  status) status_all ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
