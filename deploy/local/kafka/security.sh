# shellcheck shell=bash disable=SC2034  # sourced by kafka.sh after lib.sh and tls.sh
# The broker's secured listeners (deploy/local/README.md, "Secured Kafka"):
# - SASL_SSL with SCRAM-SHA-512 (users made at format time) and OAUTHBEARER (JWTs checked against
#   a local JWKS file whose signing key a test's token endpoint uses);
# - SSL with a required client certificate (mTLS), the principal being the certificate's CN;
# - the StandardAuthorizer: ACLs give the principal `hookline` exactly the default deployment's
#   topics and groups, and `publisher` writing to its ingest topic. The loopback PLAINTEXT
#   listener (and the controller's) authenticate nobody: their principal ANONYMOUS is a super user,
#   so the demo, the tests and the admin tools work there as before.

SEC="$DIR/security"
SCRAM_USERS=(hookline publisher)
OAUTH_ISSUER="https://hookline.local/oauth"
OAUTH_AUDIENCE="hookline-local-kafka"
REAUTH_MS="${KAFKA_LOCAL_REAUTH_MS:-20000}"
# The default deployment's names (KAFKA_TOPIC_PREFIX=webhooks, INGEST_TOPICS=events).
ACL_TOPIC_PREFIX="webhooks."
ACL_INGEST_TOPIC="events"
ACL_GROUP_PREFIX="hookline.webhooks."

scram_password() { cat "$SEC/$1.password"; }

ensure_security_material() {
  mkdir -p "$SEC" && chmod 700 "$SEC"
  issue_cert kafka-broker localhost "IP:127.0.0.1,DNS:localhost" serverAuth
  issue_cert kafka-client-hookline hookline "" clientAuth
  # For a token endpoint a test runs on this machine (OAUTHBEARER), trusted through the same CA.
  issue_cert oauth-server localhost "IP:127.0.0.1,DNS:localhost" serverAuth
  # Kafka's PEM key store: the private key, then the certificate chain.
  cat "$TLS_DIR/kafka-broker.key" "$TLS_DIR/kafka-broker.crt" "$TLS_CA" >"$SEC/broker-keystore.pem"
  chmod 600 "$SEC/broker-keystore.pem"
  local user
  for user in "${SCRAM_USERS[@]}"; do
    [ -s "$SEC/$user.password" ] || (umask 077 && openssl rand -hex 24 >"$SEC/$user.password")
  done
  ensure_jwks
}

ensure_jwks() {
  [ -s "$SEC/oauth-signing.key" ] && [ -s "$SEC/jwks.json" ] && return 0
  openssl genpkey -quiet -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$SEC/oauth-signing.key"
  chmod 600 "$SEC/oauth-signing.key"
  local n
  n="$(openssl rsa -in "$SEC/oauth-signing.key" -noout -modulus | cut -d= -f2 | xxd -r -p | base64 -w0 | tr '+/' '-_' | tr -d '=')"
  printf '{"keys":[{"kty":"RSA","use":"sig","alg":"RS256","kid":"hookline-local","n":"%s","e":"AQAB"}]}\n' "$n" >"$SEC/jwks.json"
}

# The listener part of server.properties.
security_config() {
  cat <<EOF
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$CONTROLLER_PORT,SASL_SSL://127.0.0.1:$SASL_SSL_PORT,MTLS://127.0.0.1:$MTLS_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT,SASL_SSL://127.0.0.1:$SASL_SSL_PORT,MTLS://127.0.0.1:$MTLS_PORT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,SASL_SSL:SASL_SSL,MTLS:SSL
# TLS of both secured listeners: the local CA's broker certificate (SAN 127.0.0.1, localhost).
ssl.keystore.type=PEM
ssl.keystore.location=$SEC/broker-keystore.pem
ssl.truststore.type=PEM
ssl.truststore.location=$TLS_CA
ssl.endpoint.identification.algorithm=https
listener.name.mtls.ssl.client.auth=required
# A client certificate's principal is its CN (CN=hookline is User:hookline).
ssl.principal.mapping.rules=RULE:^CN=([^,]+).*\$/\$1/,DEFAULT
sasl.enabled.mechanisms=SCRAM-SHA-512,OAUTHBEARER
listener.name.sasl_ssl.sasl.enabled.mechanisms=SCRAM-SHA-512,OAUTHBEARER
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.oauthbearer.sasl.jaas.config=org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;
listener.name.sasl_ssl.oauthbearer.sasl.server.callback.handler.class=org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler
sasl.oauthbearer.jwks.endpoint.url=file://$SEC/jwks.json
sasl.oauthbearer.expected.issuer=$OAUTH_ISSUER
sasl.oauthbearer.expected.audience=$OAUTH_AUDIENCE
# Sessions end after this long unless the client authenticates again: a changed password or a
# revoked token takes effect on open connections too, not only on new ones.
listener.name.sasl_ssl.connections.max.reauth.ms=$REAUTH_MS
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
# The loopback PLAINTEXT and controller listeners authenticate nobody: ANONYMOUS is their principal.
super.users=User:ANONYMOUS
allow.everyone.if.no.acl.found=false
EOF
}

# --add-scram arguments of `kafka-storage format`: the users exist before the broker first starts.
scram_format_args() {
  local user
  for user in "${SCRAM_USERS[@]}"; do
    printf '%s\n' --add-scram "SCRAM-SHA-512=[name=$user,password=$(scram_password "$user")]"
  done
}

admin_tool() { # a Kafka admin command against the PLAINTEXT listener (super user), quiet unless it fails
  local out
  out="$(timeout 120 java -Xmx128m -cp "$LIBS/*" -Dlog4j.configuration="file:$HERE/log4j.properties" \
    "$@" --bootstrap-server "127.0.0.1:$PORT" 2>&1)" || { echo "$out" >&2; return 1; }
}

# Storage formatted by an earlier version of this script has no SCRAM users: add them now.
ensure_scram_users() {
  [ -f "$SEC/.scram-users" ] && return 0
  local user
  for user in "${SCRAM_USERS[@]}"; do
    log "adding SCRAM user $user"
    admin_tool kafka.admin.ConfigCommand --alter --entity-type users --entity-name "$user" \
      --add-config "SCRAM-SHA-512=[password=$(scram_password "$user")]"
  done
  touch "$SEC/.scram-users"
}

acl() { admin_tool kafka.admin.AclCommand --add --force "$@"; }

# Applied once per ACL set (the marker holds its version); AclCommand --add is idempotent.
ensure_acls() {
  local version=1
  [ "$(cat "$SEC/.acls" 2>/dev/null)" = "$version" ] && return 0
  log "granting ACLs: hookline on ${ACL_TOPIC_PREFIX}*, $ACL_INGEST_TOPIC and groups ${ACL_GROUP_PREFIX}*; publisher on $ACL_INGEST_TOPIC"
  local topic_ops=(--operation Describe --operation Read --operation Write --operation Create
    --operation DescribeConfigs --operation AlterConfigs)
  acl --allow-principal User:hookline "${topic_ops[@]}" --resource-pattern-type prefixed --topic "$ACL_TOPIC_PREFIX"
  acl --allow-principal User:hookline --operation Describe --operation Read --operation Create \
    --operation DescribeConfigs --topic "$ACL_INGEST_TOPIC"
  acl --allow-principal User:hookline --operation Describe --operation Read \
    --resource-pattern-type prefixed --group "$ACL_GROUP_PREFIX"
  acl --allow-principal User:publisher --operation Describe --operation Write --topic "$ACL_INGEST_TOPIC"
  echo "$version" >"$SEC/.acls"
}

# What tests and `kafka.sh env` read to reach this broker's listeners.
write_listeners_file() {
  cat >"$DIR/listeners.json" <<EOF
{
  "plaintext": "127.0.0.1:$PORT",
  "saslSsl": "127.0.0.1:$SASL_SSL_PORT",
  "mtls": "127.0.0.1:$MTLS_PORT",
  "caFile": "$TLS_CA",
  "scramMechanism": "SCRAM-SHA-512",
  "passwordFiles": { "hookline": "$SEC/hookline.password", "publisher": "$SEC/publisher.password" },
  "clientCertFile": "$TLS_DIR/kafka-client-hookline.crt",
  "clientKeyFile": "$TLS_DIR/kafka-client-hookline.key",
  "oauth": {
    "signingKeyFile": "$SEC/oauth-signing.key", "kid": "hookline-local", "issuer": "$OAUTH_ISSUER", "audience": "$OAUTH_AUDIENCE",
    "serverCertFile": "$TLS_DIR/oauth-server.crt", "serverKeyFile": "$TLS_DIR/oauth-server.key"
  },
  "reauthMs": $REAUTH_MS,
  "acls": { "topicPrefix": "$ACL_TOPIC_PREFIX", "ingestTopic": "$ACL_INGEST_TOPIC", "groupPrefix": "$ACL_GROUP_PREFIX" }
}
EOF
}

# `kafka.sh env`: Hookline's settings for the SASL_SSL listener, as export lines.
print_secured_env() {
  [ -f "$DIR/listeners.json" ] || die "not set up yet: run $0 up"
  cat <<EOF
export KAFKA_BROKERS=127.0.0.1:$SASL_SSL_PORT
export KAFKA_SECURITY_PROTOCOL=SASL_SSL
export KAFKA_SASL_MECHANISM=SCRAM-SHA-512
export KAFKA_SASL_USERNAME=hookline
export KAFKA_SASL_PASSWORD_FILE=$SEC/hookline.password
export KAFKA_SSL_CA_FILE=$TLS_CA
EOF
}
