# shellcheck shell=bash disable=SC2034  # variables are for the sourcing scripts
# Shared helpers for deploy/local/*.sh (sourced, not executed).
# Callers set: NAME (log prefix). Everything else is derived from this file's location.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="$ROOT/.cache"
DATA="$ROOT/.data"
M2="$CACHE/m2"   # private Maven repo: reused across runs, never surprises ~/.m2
DEP_PLUGIN="org.apache.maven.plugins:maven-dependency-plugin:3.8.1"

log() { echo "$NAME: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# Install a Debian package when a command is missing (fresh machines), once.
APT_UPDATED=""
ensure_cmd() { # ensure_cmd COMMAND PACKAGE
  command -v "$1" >/dev/null 2>&1 && return 0
  [ "$(id -u)" = 0 ] || die "'$1' missing and not root: apt-get install $2"
  log "installing Debian package $2 (for '$1')"
  if [ -z "$APT_UPDATED" ]; then apt-get update -qq >/dev/null 2>&1 || die "apt-get update failed"; APT_UPDATED=1; fi
  # Quiet unless it fails (debconf chatter otherwise).
  local out
  out="$(DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" 2>&1)" || { echo "$out" >&2; die "apt-get install $2 failed"; }
  command -v "$1" >/dev/null 2>&1 || die "'$1' still missing after installing $2"
}

ensure_java() { ensure_cmd java openjdk-17-jre-headless; ensure_cmd mvn maven; }

mvn_q() { # quiet Maven; its output only if it fails
  local out
  out="$(mvn -B -q -Dstyle.color=never -Dmaven.repo.local="$M2" "$@" 2>&1)" || { echo "$out" >&2; return 1; }
}

port_open() { # port_open PORT  (127.0.0.1 only; bash's /dev/tcp, no nc needed)
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# --- background JVM process bookkeeping --------------------------------------
# The pid file alone is not trusted (pids get reused): the process must also
# carry MARK (a class or jar name) on its command line.

running_pid() { # running_pid PIDFILE MARK -> prints pid, status 0 if ours and alive
  local pid cmdline
  [ -f "$1" ] || return 1
  pid="$(cat "$1")"
  # Read whole, then match (no `tr | grep -q`, whose early exit can SIGPIPE tr under pipefail).
  cmdline="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && [[ "$cmdline" == *"$2"* ]] \
    && { echo "$pid"; return 0; }
  rm -f "$1"   # stale
  return 1
}

stop_pid() { # stop_pid PIDFILE MARK GRACE_SECONDS
  local pid i
  pid="$(running_pid "$1" "$2")" || { log "not running"; return 0; }
  log "stopping (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < $3 * 5; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "still alive after $3 s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  fi
  rm -f "$1"
  log "stopped"
}

wait_ready() { # wait_ready PIDFILE MARK TIMEOUT LOGFILE CHECK_FN
  local deadline=$((SECONDS + $3)) pid
  pid="$(cat "$1")"
  until "$5"; do
    # Liveness by pid only: right after the fork the child may not have exec'd java yet, so its
    # command line does not carry MARK; judging by it deleted the pid file of a starting broker.
    kill -0 "$pid" 2>/dev/null || { rm -f "$1"; log "process exited during startup; last log lines:"; tail -n 40 "$4" >&2; exit 1; }
    if ((SECONDS >= deadline)); then
      log "not ready after $3 s; last log lines of $4:"; tail -n 40 "$4" >&2
      stop_pid "$1" "$2" 10
      exit 1
    fi
    sleep 1
  done
}

ensure_cmd_pkg() { # ensure_cmd_pkg PACKAGE  (a package with no command of its own to test for)
  [ "$(id -u)" = 0 ] || die "python3 venv support missing and not root: apt-get install $1"
  log "installing Debian package $1"
  apt-get update -qq >/dev/null 2>&1 || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null 2>&1 || die "apt-get install $1 failed"
}

# ensure_venv VENV REQUIREMENTS PROGRAM: a venv with REQUIREMENTS installed, made again when the
# requirements file changed or PROGRAM (a path in the venv) is missing.
ensure_venv() {
  local venv=$1 requirements=$2 program=$3 stamp="$1/.requirements" out
  if [ -x "$venv/$program" ] && cmp -s "$requirements" "$stamp"; then return 0; fi
  ensure_cmd python3 python3
  # Debian splits venv/ensurepip out of python3.
  python3 -c 'import venv, ensurepip' 2>/dev/null || ensure_cmd_pkg python3-venv
  log "creating $venv (first run only)"
  rm -rf "$venv"
  python3 -m venv "$venv"
  out="$("$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" 2>&1)" \
    || { echo "$out" >&2; rm -rf "$venv"; die "pip install failed"; }
  cp "$requirements" "$stamp"
}
