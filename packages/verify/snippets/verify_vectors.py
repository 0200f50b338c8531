#!/usr/bin/env python3
"""Verify Hookline webhook signatures in Python (standard library only, but for Ed25519).

Copy `verify()` into your receiver and call it with the raw request body (bytes, exactly as
received, before any JSON parsing), the headers with lowercase names, and your secret, or for an
ed25519 subscription its public key whpk_<base64> (GET /v1/webhooks/{id}/signing-key); it raises
VerificationError (answer 401) or returns. Python's standard library has no Ed25519, and the
official Standard Webhooks library (standardwebhooks 1.1.0) checks v1 (HMAC) only: v1a needs
`pip install cryptography`, which is imported only when a whpk_ key is given. Run as a script, it checks every vector of
schemas/signature-test-vectors.json and exits non-zero on any mismatch:

    python3 verify_vectors.py [path/to/signature-test-vectors.json]
"""
import base64
import hashlib
import hmac
import json
import re
import sys
import time
from pathlib import Path

HEX_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
BASE64_SHA256 = re.compile(r"[A-Za-z0-9+/]{43}=")
BASE64_ED25519 = re.compile(r"[A-Za-z0-9+/]{86}==")
PUBLIC_KEY_PREFIX = "whpk_"
TIMESTAMP = re.compile(r"[0-9]{1,15}")


class VerificationError(Exception):
    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code  # missing_header, malformed_header, timestamp_outside_tolerance, no_matching_signature


def header(headers, name):
    value = (headers.get(name) or "").strip()
    if not value:
        raise VerificationError("missing_header", name)
    return value


def timestamp(name, value):
    if not TIMESTAMP.fullmatch(value):
        raise VerificationError("malformed_header", f"{name} is not unix seconds")
    return int(value)


def key_value_entries(name, value):
    entries = []
    for entry in (e.strip() for e in value.split(",")):
        key, sep, rest = entry.partition("=")
        if not sep or not key:
            raise VerificationError("malformed_header", f"{name}: entry {entry!r} is not key=value")
        entries.append((key, rest))
    return entries


def hex_signatures(name, entries, wanted):
    values = [v for k, v in entries if k == wanted]
    if not values or not all(HEX_SHA256.fullmatch(v) for v in values):
        raise VerificationError("malformed_header", f"{name}: needs {wanted}= entries of 64 hex digits")
    return [bytes.fromhex(v) for v in values]


def standard_webhooks_key(secret):
    # A whsec_<base64> secret signs Standard Webhooks base64-decoded; any other secret as UTF-8.
    return base64.b64decode(secret[6:]) if secret.startswith("whsec_") else secret.encode()


def parse(scheme, headers, wanted="v1"):
    """(signatures, signed-payload prefix, key function, timestamp or None) of one scheme.

    For Standard Webhooks, `wanted` is the version the secret checks: v1 (HMAC) or v1a (Ed25519).
    """
    utf8 = str.encode
    if scheme == "x-signature":
        entries = key_value_entries("x-signature", header(headers, "x-signature"))
        return hex_signatures("x-signature", entries, "sha256"), b"", utf8, None
    if scheme == "x-webhook-signature":
        entries = key_value_entries("x-webhook-signature", header(headers, "x-webhook-signature"))
        times = [v for k, v in entries if k == "t"]
        if len(times) != 1:
            raise VerificationError("malformed_header", "x-webhook-signature needs exactly one t= entry")
        t = timestamp("x-webhook-signature", times[0])
        return hex_signatures("x-webhook-signature", entries, "v1"), f"{times[0]}.".encode(), utf8, t
    if scheme == "standard-webhooks":
        msg_id = header(headers, "webhook-id")
        raw_t = header(headers, "webhook-timestamp")
        t = timestamp("webhook-timestamp", raw_t)
        signatures = []
        for entry in header(headers, "webhook-signature").split():
            version, sep, value = entry.partition(",")
            if not sep or not version:
                raise VerificationError("malformed_header", f"webhook-signature: entry {entry!r} is not version,signature")
            if version != wanted:
                continue  # the other versions are not this secret's
            shape = BASE64_SHA256 if wanted == "v1" else BASE64_ED25519
            if not shape.fullmatch(value):
                raise VerificationError("malformed_header", f"webhook-signature: a {wanted} signature is malformed")
            signatures.append(base64.b64decode(value))
        if not signatures:
            raise VerificationError("malformed_header", f"webhook-signature has no {wanted} entry")
        return signatures, f"{msg_id}.{raw_t}.".encode(), standard_webhooks_key, t
    raise ValueError(f"unknown scheme {scheme}")


def ed25519_verifies(public_key, message, signature):
    """Ed25519 (RFC 8032) with PyCA cryptography: the official libraries have no v1a yet."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    raw = base64.b64decode(public_key[len(PUBLIC_KEY_PREFIX):])
    try:
        Ed25519PublicKey.from_public_bytes(raw).verify(signature, message)
        return True
    except InvalidSignature:
        return False


def verify(scheme, body, headers, secret, now=None, tolerance_seconds=300):
    asymmetric = secret.startswith(PUBLIC_KEY_PREFIX)
    if asymmetric and scheme != "standard-webhooks":
        raise ValueError("a whpk_ public key verifies Standard Webhooks (v1a) only")
    signatures, prefix, key, t = parse(scheme, headers, "v1a" if asymmetric else "v1")
    now = int(time.time()) if now is None else now
    if t is not None and abs(now - t) > tolerance_seconds:
        raise VerificationError("timestamp_outside_tolerance", f"{t} is {now - t} s from now")
    if asymmetric:
        if not any(ed25519_verifies(secret, prefix + body, s) for s in signatures):
            raise VerificationError("no_matching_signature", "no signature matches")
        return
    expected = hmac.new(key(secret), prefix + body, hashlib.sha256).digest()
    # compare_digest takes the same time wherever the first differing byte is.
    if not any(hmac.compare_digest(expected, s) for s in signatures):
        raise VerificationError("no_matching_signature", "no signature matches")


def outcome(vector, tolerance_seconds):
    try:
        verify(vector["scheme"], vector["body"].encode("utf-8"), vector["headers"], vector["secret"],
               vector["now"], tolerance_seconds)
        return {"valid": True}
    except VerificationError as error:
        return {"valid": False, "error": error.code}


def main():
    default = Path(__file__).resolve().parents[3] / "schemas" / "signature-test-vectors.json"
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    vectors = json.loads(path.read_text(encoding="utf-8"))
    failures = 0
    for vector in vectors["vectors"]:
        got = outcome(vector, vectors["toleranceSeconds"])
        if got != vector["expected"]:
            failures += 1
            print(f"MISMATCH {vector['name']}: expected {vector['expected']}, got {got}")
    print(f"python: {len(vectors['vectors']) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
