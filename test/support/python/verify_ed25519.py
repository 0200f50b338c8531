"""Checks ed25519 (Standard Webhooks v1a) deliveries in Python, for test/e2e/signatures-ed25519.spec.ts.

Reads {"public_keys": ["whpk_…"], "hmac_secret": "whsec_…" | null, "deliveries": [{"body", "headers"}]}
on stdin and prints, per delivery:
- official: what the official standardwebhooks library answers. It checks v1 (HMAC) signatures only,
  so with the public key's bytes it finds nothing to match ("No matching signature found"); with the
  HMAC secret of a subscription changing scheme it finds the v1 signature.
- snippet: packages/verify/snippets/verify_vectors.py's verify() with each public key (None = valid).
- primitive: PyCA cryptography's Ed25519 over "<id>.<timestamp>.<body>", as the specification says,
  for each public key and each v1a signature (true when one of them matches).
"""
import base64
import json
import sys
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from standardwebhooks import Webhook, WebhookVerificationError

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "packages" / "verify" / "snippets"))
from verify_vectors import VerificationError, verify  # noqa: E402


def official(secret, delivery):
    try:
        Webhook(secret).verify(delivery["body"], delivery["headers"])
        return "valid"
    except WebhookVerificationError as error:
        return str(error)


def snippet(public_key, delivery):
    try:
        verify("standard-webhooks", delivery["body"].encode(), delivery["headers"], public_key)
        return None
    except VerificationError as error:
        return error.code


def primitive(public_key, delivery):
    h = delivery["headers"]
    message = f"{h['webhook-id']}.{h['webhook-timestamp']}.{delivery['body']}".encode()
    key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public_key[len("whpk_"):]))
    for entry in h["webhook-signature"].split():
        version, _, value = entry.partition(",")
        if version != "v1a":
            continue
        try:
            key.verify(base64.b64decode(value), message)
            return True
        except InvalidSignature:
            pass
    return False


def main():
    request = json.load(sys.stdin)
    results = []
    for delivery in request["deliveries"]:
        key_bytes = [base64.b64decode(k[len("whpk_"):]) for k in request["public_keys"]]
        results.append({
            "official_with_public_keys": [official(base64.b64encode(b).decode(), delivery) for b in key_bytes],
            "official_with_hmac_secret": official(request["hmac_secret"], delivery) if request.get("hmac_secret") else None,
            "snippet": [snippet(k, delivery) for k in request["public_keys"]],
            "primitive": [primitive(k, delivery) for k in request["public_keys"]],
        })
    print(json.dumps(results))


if __name__ == "__main__":
    main()
