#!/usr/bin/env bash
# The offline render-and-validate tools for deploy/kubernetes, installed once into .cache/k8s:
#   kustomize            Go module sigs.k8s.io/kustomize/kustomize/v5 (go install, Go module proxy)
#   kubernetes-validate  PyPI package that bundles the Kubernetes JSON schemas (Apache-2.0), in a venv
# Idempotent; prints `KUSTOMIZE=… KUBERNETES_VALIDATE=…` lines for the caller (test/integration/kubernetes.spec.ts).
set -euo pipefail
cd "$(dirname "$0")/../.."
KUSTOMIZE_VERSION=v5.7.1
KUBERNETES_VALIDATE_VERSION=1.37.0
dir=$PWD/.cache/k8s
kustomize=$dir/kustomize-$KUSTOMIZE_VERSION
venv=$dir/kubernetes-validate-$KUBERNETES_VALIDATE_VERSION
mkdir -p "$dir"

if [[ ! -x $kustomize ]]; then
  command -v go >/dev/null || { echo "tools.sh: go is needed to install kustomize" >&2; exit 1; }
  echo "tools.sh: installing kustomize $KUSTOMIZE_VERSION" >&2
  tmp=$(mktemp -d "$dir/gobin.XXXX")
  GOBIN=$tmp GOFLAGS=-buildvcs=false go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION" >&2
  mv "$tmp/kustomize" "$kustomize" && rmdir "$tmp"
fi

# A venv names its own path in its scripts, so it is built in place; the marker says it finished.
# A venv copied or reached through a moved directory names another path: built again.
if [[ ! -f $venv/.installed || $(head -1 "$venv/bin/kubernetes-validate") != "#!$venv/bin/python"* ]]; then
  echo "tools.sh: installing kubernetes-validate $KUBERNETES_VALIDATE_VERSION" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" >&2
  touch "$venv/.installed"
fi

echo "KUSTOMIZE=$kustomize"
echo "KUBERNETES_VALIDATE=$venv/bin/kubernetes-validate"
