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
import re
import random
import uuid

import schemathesis
from schemathesis.specs.openapi.checks import positive_data_acceptance as builtin_positive_data_acceptance
from schemathesis.specs.openapi.checks import use_after_free as builtin_use_after_free

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


# Rules an OpenAPI 3.0 schema cannot state, each enforced with a 422 naming its field and written in
# the parameter's description (README, "REST API"): a cursor must be one the list issued (it encodes a
# position, not a format); `after` and `offset` exclude each other; a time window starts before it
# ends and within retention; metadata keys are 1-64 characters (OpenAPI 3.0 has no propertyNames).
def semantic_detail(detail, case) -> bool:
    field, code = detail.get("field", ""), detail.get("code")
    field = re.sub(r"^\[\d+\]\.", "", field)  # a batch item's field: [3].metadata.
    query = case.query or {}
    if field == "after" and code == "INVALID":
        return True
    if field == "offset" and code == "INVALID" and "after" in query:
        return True
    if field in ("from", "to", "since", "until") and code == "OUT_OF_RANGE":
        return True
    return field.startswith("metadata.") and code == "INVALID" and "keys" in detail.get("message", "")


def unreachable_detail(detail) -> bool:
    field = detail.get("field", "").split(".")[-1].split("]")[-1]
    if field not in URL_FIELDS:
        return False
    # The document's `format: uri` is RFC 3986; the service parses callback URLs as WHATWG URLs (as
    # the HTTP client will), and the two disagree at the edges (e.g. `https://1.2.3.4.5`).
    parse = detail.get("code") == "INVALID_URL" and "absolute URL" in detail.get("message", "")
    return detail.get("code") in UNREACHABLE_CODES or parse


def semantic_refusal(response, case) -> bool:
    """A 422 whose every detail is an unreachable callback URL or one of the semantic rules."""
    if response.status_code != 422:
        return False
    try:
        details = json.loads(response.content)["error"].get("details") or []
    except (ValueError, KeyError, TypeError, AttributeError):
        return False
    return bool(details) and all(unreachable_detail(d) or semantic_detail(d, case) for d in details)


def patched_result_invalid(response, case) -> bool:
    """A JSON Patch is valid operations; whether the subscription they produce is valid, no schema says."""
    media = (case.headers or {}).get("Content-Type", case.media_type or "")
    if case.method.upper() != "PATCH" or "json-patch" not in str(media) or response.status_code != 422:
        return False
    try:
        return json.loads(response.content)["error"]["code"] == "VALIDATION_ERROR"
    except (ValueError, KeyError, TypeError):
        return False


@schemathesis.check
def positive_data_acceptance_reachable(ctx, response, case):
    """The built-in positive_data_acceptance, less unreachable callback URLs (see above), the
    semantic rules and a JSON Patch whose result is not a valid subscription.

    412 PRECONDITION_FAILED is also a right answer to a schema-valid request: a generated If-Match
    names some other version than the current one (state, not schema; RFC 9110 13.1.1).
    """
    if response.status_code == 412 or unreachable_callback(response):
        return None
    if semantic_refusal(response, case) or patched_result_invalid(response, case):
        return None
    return builtin_positive_data_acceptance(ctx, response, case)


@schemathesis.check
def use_after_free_but_cancel(ctx, response, case):
    """The built-in use_after_free, less operations: DELETE /operations/{id} cancels one (the
    interface's "DELETE or POST /operations/{id}/cancellation"), and the cancelled operation stays
    readable with its final status."""
    if case.operation.path.startswith("/operations/"):
        return None
    return builtin_use_after_free(ctx, response, case)


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
