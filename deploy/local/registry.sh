#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Local Confluent-compatible schema registry: Apicurio Registry 3 (in-memory H2).
#   deploy/local/registry.sh up|down|status
# SCHEMA_REGISTRY_URL=http://127.0.0.1:8081/apis/ccompat/v7
#
# Apicurio publishes a ready-to-run Quarkus build of the server on Maven Central
# as the `all` tar.gz of io.apicurio:apicurio-registry-app (runner jar + lib/),
# so nothing is compiled here. (Building it ourselves from the plain app jar is
# not possible: its parent pom and several sibling modules are missing from the
# Maven Central we can reach.) 3.0.9 runs on Java 17; 3.3.x needs Java 21.
set -euo pipefail
NAME=registry
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

VERSION="${APICURIO_VERSION:-3.0.9}"
HOME_DIR="$CACHE/registry/apicurio-registry-$VERSION"
JAR="$HOME_DIR/apicurio-registry-app-$VERSION-runner.jar"
PIDFILE="$DATA/registry.pid"
LOGFILE="$DATA/registry.log"
MARK="apicurio-registry-app-"
PORT=8081
API="http://127.0.0.1:$PORT/apis/ccompat/v7"
HEAP="${REGISTRY_HEAP:--Xmx384m}"
MAVEN_CENTRAL="${MAVEN_CENTRAL:-https://repo1.maven.org/maven2}"

fetch() {
  [ -f "$JAR" ] && return 0
  ensure_cmd curl curl
  local url="$MAVEN_CENTRAL/io/apicurio/apicurio-registry-app/$VERSION/apicurio-registry-app-$VERSION-all.tar.gz"
  local tmp
  log "fetching Apicurio Registry $VERSION from Maven Central (first run only)"
  mkdir -p "$CACHE/registry"
  rm -rf "$CACHE/registry"/dl.*   # leftovers of an interrupted download
  tmp="$(mktemp -d "$CACHE/registry/dl.XXXXXX")"
  # Plain HTTP rather than mvn: Maven insists on reading the artifact's parent
  # pom (io.apicurio:apicurio-registry:3.0.9), which the reachable Central lacks.
  curl -fsSL --retry 3 -o "$tmp/all.tar.gz" "$url" || die "download failed: $url"
  [ "$(curl -fsSL --retry 3 "$url.sha1" | cut -c1-40)" = "$(sha1sum "$tmp/all.tar.gz" | cut -c1-40)" ] \
    || die "checksum mismatch for $url"
  tar -xzf "$tmp/all.tar.gz" -C "$tmp" && rm -f "$tmp/all.tar.gz"
  # Move into place last, so an interrupted run is retried rather than half-used.
  rm -rf "$HOME_DIR" && mv "$tmp" "$HOME_DIR"
}

ready() { curl -sf -o /dev/null "$API/subjects"; }

up() {
  if pid="$(running_pid "$PIDFILE" "$MARK")"; then
    log "already running (pid $pid) at $API"; return 0
  fi
  port_open "$PORT" && die "port $PORT is already in use by a process this script did not start"
  ensure_cmd java openjdk-17-jre-headless
  fetch
  mkdir -p "$DATA/registry"
  log "starting Apicurio Registry $VERSION"
  # - storage: Apicurio 3's default is SQL on an in-memory H2 (state is lost on
  #   restart, which is what tests want); set explicitly so it cannot drift.
  # - auth is off by default; bind to loopback only.
  # - global compatibility BACKWARD: Confluent's default (Apicurio's is NONE).
  #   The property enforces it; the PUT below also makes GET /config report it.
  # shellcheck disable=SC2086 # HEAP is a list of JVM flags
  (cd "$DATA/registry" && exec nohup java $HEAP -XX:+UseG1GC -Djava.awt.headless=true \
    -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$PORT" \
    -Dapicurio.storage.kind=sql -Dapicurio.storage.sql.kind=h2 \
    -Dapicurio.rules.global.compatibility=BACKWARD \
    -jar "$JAR" >"$LOGFILE" 2>&1 </dev/null) &
  echo $! >"$PIDFILE"
  wait_ready "$PIDFILE" "$MARK" 120 "$LOGFILE" ready
  curl -sf -o /dev/null -X PUT -H 'Content-Type: application/vnd.schemaregistry.v1+json' \
    --data '{"compatibility":"BACKWARD"}' "$API/config" || die "could not set global compatibility"
  log "ready at $API (pid $(cat "$PIDFILE"))"
}

status() {
  if pid="$(running_pid "$PIDFILE" "$MARK")"; then
    echo "registry: running (pid $pid) url=$API"
  else
    echo "registry: stopped"
  fi
}

case "${1:-}" in
  up) up ;;
  down) stop_pid "$PIDFILE" "$MARK" 20 ;;
  status) status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
