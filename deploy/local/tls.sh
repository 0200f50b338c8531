# shellcheck shell=bash disable=SC2034  # sourced by kafka.sh, postgres.sh; variables are for them
# A local certificate authority for the secured stack (sourced after lib.sh, not executed).
# One CA per checkout in .data/tls/ (ca.crt is what clients trust); leaf certificates are issued
# from it with openssl, as PEM, their private keys unencrypted PKCS#8 (Kafka, Postgres and nginx
# all read that). Nothing here is for a shared or public network.

TLS_DIR="$DATA/tls"
TLS_CA="$TLS_DIR/ca.crt"
TLS_DAYS=825   # the longest validity clients accept for a leaf certificate

ensure_ca() {
  [ -s "$TLS_CA" ] && [ -s "$TLS_DIR/ca.key" ] && return 0
  ensure_cmd openssl openssl
  log "creating the local certificate authority in $TLS_DIR"
  mkdir -p "$TLS_DIR" && chmod 700 "$TLS_DIR"
  openssl genpkey -quiet -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$TLS_DIR/ca.key"
  openssl req -x509 -new -key "$TLS_DIR/ca.key" -sha256 -days 3650 -subj "/CN=Hookline local CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -out "$TLS_CA" 2>/dev/null
  chmod 600 "$TLS_DIR/ca.key"
}

# issue_cert NAME CN SANS USAGE: $TLS_DIR/NAME.crt and NAME.key signed by the local CA, made again
# when missing, not signed by the current CA, or within 30 days of expiry. SANS like
# "IP:127.0.0.1,DNS:localhost" (may be empty for a client); USAGE serverAuth or clientAuth.
issue_cert() {
  local name=$1 cn=$2 sans=$3 usage=$4 crt="$TLS_DIR/$1.crt" key="$TLS_DIR/$1.key"
  ensure_ca
  if [ -s "$crt" ] && [ -s "$key" ] && openssl verify -CAfile "$TLS_CA" "$crt" >/dev/null 2>&1 \
    && openssl x509 -in "$crt" -noout -checkend $((30 * 86400)) >/dev/null; then
    return 0
  fi
  log "issuing the $name certificate (CN=$cn)"
  local ext
  ext="$(mktemp)"
  {
    echo "basicConstraints=CA:FALSE"
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    echo "extendedKeyUsage=$usage"
    [ -n "$sans" ] && echo "subjectAltName=$sans"
  } >"$ext"
  openssl genpkey -quiet -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$key"
  openssl req -new -key "$key" -subj "/CN=$cn" 2>/dev/null \
    | openssl x509 -req -CA "$TLS_CA" -CAkey "$TLS_DIR/ca.key" -CAcreateserial -sha256 -days "$TLS_DAYS" \
      -extfile "$ext" -out "$crt" 2>/dev/null
  rm -f "$ext"
  chmod 600 "$key"
}
