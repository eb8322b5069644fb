// What a verification can fail with besides an answer. Messages name the portal so an operator knows
// where to look, and never the verifier key or the secret: they end up in logs.

/** Every error this package throws: `instanceof VerifierError` tells them from a bug in the caller. */
export class VerifierError extends Error {
  override name = 'VerifierError';
}

/** The options given to createVerifier cannot work; thrown at creation, before any network call. */
export class InvalidVerifierOptionsError extends VerifierError {
  override name = 'InvalidVerifierOptionsError';
  /** The option at fault, e.g. 'verifierKey', so a caller can name its own setting for it. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(message);
    this.option = option;
  }
}

/**
 * The portal could not answer (unreachable, timed out, 5xx, throttled) and no cached answer could
 * stand in. The feed cannot tell a good token from a bad one, so it should answer 503, not 401.
 */
export class PortalUnavailableError extends VerifierError {
  override name = 'PortalUnavailableError';
  /** The portal's Retry-After when it throttled us (429). */
  readonly retryAfterSeconds: number | undefined;
  /** The HTTP status when the portal answered with one. */
  readonly status: number | undefined;

  constructor(
    message: string,
    details: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.status = details.status;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** The portal refused the verifier key (401): unknown, revoked, or meant for another portal. */
export class VerifierKeyRejectedError extends VerifierError {
  override name = 'VerifierKeyRejectedError';

  constructor(portal: string) {
    super(
      `The portal at ${portal} rejected the verifier key (401): it is unknown or revoked. ` +
        'Create a new one with "npm run operator -- verifier-key create <name>".',
    );
  }
}

/** verify() after close(): the verifier no longer follows revocations, so it no longer answers. */
export class VerifierClosedError extends VerifierError {
  override name = 'VerifierClosedError';

  constructor() {
    super('This verifier is closed: create a new one to verify more tokens.');
  }
}
