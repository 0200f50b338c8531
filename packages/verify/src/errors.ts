/** Stable, machine-readable reasons a delivery was rejected; the test vectors use the same words. */
export type VerificationErrorCode =
  'missing_header' | 'malformed_header' | 'timestamp_outside_tolerance' | 'no_matching_signature';

/** The base of every rejection: catch this one to answer 401. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly code: VerificationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class MissingHeaderError extends WebhookVerificationError {
  constructor(readonly header: string) {
    super('missing_header', `missing header ${header}`);
  }
}

export class MalformedHeaderError extends WebhookVerificationError {
  constructor(
    readonly header: string,
    reason: string,
  ) {
    super('malformed_header', `malformed header ${header}: ${reason}`);
  }
}

export class TimestampOutsideToleranceError extends WebhookVerificationError {
  constructor(
    readonly timestamp: number,
    readonly now: number,
    readonly toleranceSeconds: number,
  ) {
    const direction = timestamp < now ? 'older' : 'newer';
    super(
      'timestamp_outside_tolerance',
      `timestamp ${timestamp} is ${Math.abs(now - timestamp)} s ${direction} than now (${now}); tolerance ${toleranceSeconds} s`,
    );
  }
}

export class NoMatchingSignatureError extends WebhookVerificationError {
  constructor(readonly header: string) {
    super('no_matching_signature', `no signature in ${header} matches the body and the secrets`);
  }
}
