"""Schemathesis hooks of the contract test (test/e2e/api-contract.spec.ts), loaded by SCHEMATHESIS_HOOKS.

The one accepted exception to "a schema-valid request is accepted": a callback URL (`url`,
`alert_url`) that the sandbox cannot reach. Before storing a subscription the service resolves the
host, refuses private addresses and sends a verification challenge; a generated host such as
`https://a.example` is schema-valid and yet unreachable from here. Such an answer is exactly:

  * 422 VALIDATION_ERROR whose every detail is on a URL field with code UNRESOLVABLE_HOST or
    BLOCKED_ADDRESS, or INVALID_URL "must be an absolute URL" for a URL that RFC 3986 (the
    document's `format: uri`) allows and the WHATWG parser of the HTTP client cannot use, such as
    `https://1.2.3.4.5` (a host no request can reach either), or
  * 422 URL_VERIFICATION_FAILED (the host resolved but did not answer the challenge),

and only those are let through; anything else that refuses schema-valid data still fails. The
OAuth2 token endpoint of a subscription's `auth` (`token_url`) is such a URL too: the same answers
are let through for it.

Three rules of a subscription's endpoint settings are beyond any schema, and each is let through
only with its own detail code: a client certificate that is not a valid X.509 chain matching its
private key (INVALID_CERTIFICATE on `auth.certificate` or `auth.private_key`), header names that
differ only in case (DUPLICATE on `headers.<name>`; JSON Schema compares names exactly), and an
`Authorization` header beside `auth` (CONFLICTS_WITH_AUTH: a condition between two members).

Beyond it, four answers depend on state the fuzzer cannot have, not on the schema, and each is let
through only in the exact case that makes it right:

  * 412 PRECONDITION_FAILED to a request that carries If-Match: a generated ETag is not the
    resource's current one (RFC 9110 13.1.1);
  * 422 on `after` when the value is not a cursor this run was issued for that list (and sort): a
    cursor encodes a position the server handed out; every issued one is accepted;
  * 422 to a JSON Patch (RFC 6902) of the documented shape that does not apply to the subscription
    as it is (PATCH_NOT_APPLICABLE: a path that does not exist, a failed `test`) or whose result is
    not a valid subscription (details on the subscription's fields): both depend on the current
    subscription, which a schema for the patch cannot know;
  * 422 IN_THE_PAST on an API key's `expires_at`: whether a time has passed depends on the clock
    when the request arrives, which no schema can state.

Two more answers depend on what no schema can state, and each is let through only in that case:

  * 422 INVALID_FILTER on a filter (`filter`, `[i].filter`, `subscription.filter`): a filter is a
    CEL program, valid by CEL's grammar, names and functions, which a string schema cannot state;
    half of the positive bodies that carry a filter get a valid one, so filtered subscriptions are
    created and reached too; an ordering key expression (INVALID_ORDERING_KEY on `ordering.key`,
    `[i].ordering.key`) likewise;
  * 422 to a test event on `type` (UNKNOWN_EVENT_TYPE, NOT_SUBSCRIBED) or on `data` (REQUIRED): the
    catalog's types and examples and the subscription's own events are state.

One answer refuses what JSON Schema states only by replacing every free-form value with a recursive
schema: a member named `__proto__` at any depth of a body (400 INVALID_FORMAT, as Fastify's parser
refuses it by default). It is let through only when the generated body has such a member.

Idempotency-Key: a key reused with another request is refused (422 IDEMPOTENCY_KEY_REUSED, as the
IETF Idempotency-Key draft says); that is state, not schema, so each generated positive case gets a
key of its own (the generated one, made unique), and the replay itself is tested in
api-conventions.spec.ts.

To reach real resources in the stateful phase, half of the positive subscription bodies get the
test's HTTPS receiver (HOOKLINE_CONTRACT_RECEIVER_URL) as `url`: those are created, and the links
then lead to their reads, changes and deletes.
"""

import ast
import json
import os
import random
import threading
import uuid

import schemathesis
from schemathesis.specs.openapi.checks import positive_data_acceptance as builtin_positive_data_acceptance
from schemathesis.specs.openapi.checks import use_after_free as builtin_use_after_free
from schemathesis.specs.openapi.checks import ensure_resource_availability as builtin_ensure_resource_availability

# Python 3.11's AST conversion keeps its recursion counter in state every thread shares (and leaves
# it off after an error, python/cpython#106905): a parse that overlaps another thread's can fail with
# "SystemError: AST constructor recursion depth mismatch", which ended a CI run. The run's two
# workers are threads, and Hypothesis parses the source of its filter lambdas to name them: one
# parse at a time.
_AST_LOCK = threading.Lock()
_parse = ast.parse


def _parse_one_at_a_time(*args, **kwargs):
    with _AST_LOCK:
        return _parse(*args, **kwargs)


ast.parse = _parse_one_at_a_time

URL_FIELDS = ("url", "alert_url", "token_url")
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


# Every `next_cursor` the service answered, per list and sort: a cursor it issued is always accepted.
ISSUED_CURSORS: set[tuple[str, str, str]] = set()


def list_key(case) -> tuple[str, str]:
    return case.operation.path, str((case.query or {}).get("sort") or "")


@schemathesis.hook
def after_call(context, case, response):
    try:
        cursor = json.loads(response.content)["pagination"]["next_cursor"]
    except (ValueError, KeyError, TypeError):
        return
    if isinstance(cursor, str):
        ISSUED_CURSORS.add((*list_key(case), cursor))


def unissued_cursor(detail, case) -> bool:
    """A refused `after` that this run was never issued for this list: a position the server never gave."""
    after = (case.query or {}).get("after")
    if detail.get("field") != "after" or detail.get("code") != "INVALID" or not isinstance(after, str):
        return False
    return (*list_key(case), after) not in ISSUED_CURSORS


def unreachable_detail(detail) -> bool:
    field = detail.get("field", "").split(".")[-1].split("]")[-1]
    if field not in URL_FIELDS:
        return False
    # The document's `format: uri` is RFC 3986; the service parses callback URLs as WHATWG URLs (as
    # the HTTP client will), and the two disagree at the edges (e.g. `https://1.2.3.4.5`).
    parse = detail.get("code") == "INVALID_URL" and "absolute URL" in detail.get("message", "")
    return detail.get("code") in UNREACHABLE_CODES or parse


def past_expiry(detail) -> bool:
    """An API key's expires_at that the clock has passed: state (the time), not schema."""
    return detail.get("field") == "expires_at" and detail.get("code") == "IN_THE_PAST"


def beyond_schema_detail(detail) -> bool:
    """A refusal of endpoint settings that no schema can state (see the module's docstring)."""
    field, code = detail.get("field", ""), detail.get("code")
    if code == "INVALID_CERTIFICATE":
        return field.endswith("auth.certificate") or field.endswith("auth.private_key")
    if code == "DUPLICATE":
        return "headers." in field
    if code == "CONFLICTS_WITH_AUTH":
        return field.lower().endswith("headers.authorization")
    return False


def invalid_filter(detail) -> bool:
    """A filter refused for what CEL says of it (syntax, names, functions, limits)."""
    return detail.get("code") == "INVALID_FILTER" and detail.get("field", "").split(".")[-1].split("]")[-1] == "filter"


def invalid_ordering_key(detail) -> bool:
    """An ordering key expression refused for what CEL says of it, as a filter is."""
    return detail.get("code") == "INVALID_ORDERING_KEY" and detail.get("field", "").endswith("ordering.key")


TEST_EVENT_STATE = {
    ("type", "UNKNOWN_EVENT_TYPE"),
    ("type", "NOT_SUBSCRIBED"),
    ("type", "REQUIRED"),
    ("data", "REQUIRED"),
}


def test_event_state(detail, case) -> bool:
    """A test event refused for the catalog's types and examples or the subscription's events."""
    return case.operation.path.endswith("/test-events") and (detail.get("field"), detail.get("code")) in TEST_EVENT_STATE


def state_or_unreachable_refusal(response, case) -> bool:
    """A 422 whose every detail is an unreachable callback URL, a cursor the service never issued, a
    past expiry, an endpoint setting beyond the schema, a filter CEL refuses, or a test event's type
    or data the state refuses."""
    if response.status_code != 422:
        return False
    try:
        details = json.loads(response.content)["error"].get("details") or []
    except (ValueError, KeyError, TypeError, AttributeError):
        return False
    return bool(details) and all(
        unreachable_detail(d)
        or unissued_cursor(d, case)
        or past_expiry(d)
        or beyond_schema_detail(d)
        or invalid_filter(d)
        or invalid_ordering_key(d)
        or test_event_state(d, case)
        for d in details
    )


def has_proto_member(value) -> bool:
    """Whether a member anywhere in a generated body is named __proto__."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            if "__proto__" in item:
                return True
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


def refused_proto_member(response, case) -> bool:
    """400 INVALID_FORMAT to a body with a member named __proto__ (the body parser refuses it)."""
    if response.status_code != 400 or not has_proto_member(case.body):
        return False
    try:
        return json.loads(response.content)["error"].get("code") == "INVALID_FORMAT"
    except (ValueError, KeyError, TypeError, AttributeError):
        return False


def stale_precondition(response, case) -> bool:
    """412 to a request carrying If-Match: the generated ETag is not the resource's current one."""
    has_if_match = any(name.lower() == "if-match" for name in (case.headers or {}))
    return response.status_code == 412 and has_if_match


def patch_not_applicable(response, case) -> bool:
    """422 to a JSON Patch of the documented shape whose every detail is an operation that does not
    apply to the subscription as it is (PATCH_NOT_APPLICABLE) or a field its result gets wrong; a
    refused shape (INVALID_PATCH) still fails."""
    media = (case.headers or {}).get("Content-Type", case.media_type or "")
    if case.method.upper() != "PATCH" or "json-patch" not in str(media) or response.status_code != 422:
        return False
    try:
        error = json.loads(response.content)["error"]
    except (ValueError, KeyError, TypeError):
        return False
    details = error.get("details") or []
    return (
        error.get("code") == "VALIDATION_ERROR"
        and bool(details)
        and all(d.get("code") == "PATCH_NOT_APPLICABLE" or d.get("field") != "body" for d in details)
    )


@schemathesis.check
def positive_data_acceptance_reachable(ctx, response, case):
    """The built-in positive_data_acceptance, less unreachable callback URLs and the three answers
    to state the fuzzer cannot have (see above)."""
    if unreachable_callback(response) or stale_precondition(response, case) or refused_proto_member(response, case):
        return None
    if state_or_unreachable_refusal(response, case) or patch_not_applicable(response, case):
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


@schemathesis.check
def ensure_resource_availability_but_signing_key(ctx, response, case):
    """The built-in ensure_resource_availability, less GET /webhooks/{id}/signing-key: the public
    key exists only for a subscription that signs with Ed25519, so an HMAC-only one answers 404
    (documented), right after it was created."""
    if case.operation.path.endswith("/signing-key") and response.status_code == 404:
        return None
    return builtin_ensure_resource_availability(ctx, response, case)


VALID_FILTER = "event.type.startsWith('order.') || has(event.data.id)"
VALID_ORDERING_KEY = "event.data.account"


def with_receiver(item):
    if isinstance(item, dict) and isinstance(item.get("filter"), str) and random.random() < 0.5:
        item = {**item, "filter": VALID_FILTER}
    ordering = item.get("ordering") if isinstance(item, dict) else None
    if isinstance(ordering, dict) and isinstance(ordering.get("key"), str) and random.random() < 0.5:
        item = {**item, "ordering": {**ordering, "key": VALID_ORDERING_KEY}}
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
