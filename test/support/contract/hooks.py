"""Schemathesis hooks of the contract test (test/e2e/api-contract.spec.ts), loaded by SCHEMATHESIS_HOOKS.

The one accepted exception to "a schema-valid request is accepted": a callback URL (`url`,
`alert_url`) that the sandbox cannot reach. Before storing a subscription the service resolves the
host, refuses private addresses and sends a verification challenge; a generated host such as
`https://a.example` is schema-valid and yet unreachable from here. Such an answer is exactly:

  * 422 VALIDATION_ERROR whose every detail is on a URL field with code UNRESOLVABLE_HOST or
    BLOCKED_ADDRESS, or
  * 422 URL_VERIFICATION_FAILED (the host resolved but did not answer the challenge),

and only those are let through; anything else that refuses schema-valid data still fails.

Idempotency-Key: a key reused with another request is refused (422 IDEMPOTENCY_KEY_REUSED, as the
IETF Idempotency-Key draft says); that is state, not schema, so each generated positive case gets a
key of its own (the generated one, made unique), and the replay itself is tested in
api-conventions.spec.ts.

To reach real resources in the stateful phase, half of the positive subscription bodies get the
test's HTTPS receiver (HOOKLINE_CONTRACT_RECEIVER_URL) as `url`: those are created, and the links
then lead to their reads, changes and deletes.
"""

import json
import os
import random
import uuid

import schemathesis
from schemathesis.specs.openapi.checks import positive_data_acceptance as builtin_positive_data_acceptance

URL_FIELDS = ("url", "alert_url")
UNREACHABLE_CODES = {"UNRESOLVABLE_HOST", "BLOCKED_ADDRESS"}
RECEIVER = os.environ.get("HOOKLINE_CONTRACT_RECEIVER_URL")
CREATIONS = {("POST", "/webhooks"), ("POST", "/webhooks/batch")}


def unreachable_callback(response) -> bool:
    if response.status_code != 422:
        return False
    try:
        error = json.loads(response.content)["error"]
    except (ValueError, KeyError, TypeError):
        return False
    if error.get("code") == "URL_VERIFICATION_FAILED":
        return True
    details = error.get("details") or []
    return bool(details) and all(
        d.get("code") in UNREACHABLE_CODES and d.get("field", "").split(".")[-1].split("]")[-1] in URL_FIELDS
        for d in details
    )


@schemathesis.check
def positive_data_acceptance_reachable(ctx, response, case):
    """The built-in positive_data_acceptance, less unreachable callback URLs (see above).

    412 PRECONDITION_FAILED is also a right answer to a schema-valid request: a generated If-Match
    names some other version than the current one (state, not schema; RFC 9110 13.1.1).
    """
    if unreachable_callback(response) or response.status_code == 412:
        return None
    return builtin_positive_data_acceptance(ctx, response, case)


def with_receiver(item):
    if isinstance(item, dict) and isinstance(item.get("url"), str) and random.random() < 0.5:
        return {**item, "url": f"{RECEIVER}/{random.randrange(1 << 30)}"}
    return item


def unique_idempotency_key(case):
    headers = case.headers or {}
    for name in list(headers):
        if name.lower() == "idempotency-key" and isinstance(headers[name], str):
            headers[name] = f"{headers[name][:200]}-{uuid.uuid4().hex}"


@schemathesis.hook
def map_case(context, case):
    if case.meta is None or case.meta.generation.mode.is_positive:
        unique_idempotency_key(case)
    if not RECEIVER or (case.method.upper(), case.operation.path) not in CREATIONS:
        return case
    if case.meta is not None and not case.meta.generation.mode.is_positive:
        return case
    if isinstance(case.body, list):
        case.body = [with_receiver(item) for item in case.body]
    else:
        case.body = with_receiver(case.body)
    return case
