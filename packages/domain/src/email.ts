// Email validity with the generic validator's limits (spec §5, §9). The top-level domain is not checked
// against a list, but the address must have at least two domain segments.

export const EMAIL_LIMITS = {
  maxLength: 254,
  maxLocalPartBytes: 64,
  maxDomainLength: 256,
  maxDomainSegmentLength: 63,
  minDomainSegments: 2,
} as const;

// RFC 5322 atext; dots only between atoms.
const LOCAL_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_SEGMENT = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
// A top-level domain starts with a letter (so "1.2.3.4" is not a domain) and is otherwise free.
const TOP_LEVEL_SEGMENT = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

const utf8 = new TextEncoder();

export function isValidEmail(address: string): boolean {
  if (address.length === 0 || address.length > EMAIL_LIMITS.maxLength) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);

  if (utf8.encode(local).length > EMAIL_LIMITS.maxLocalPartBytes) return false;
  if (!local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return false;

  if (domain.length > EMAIL_LIMITS.maxDomainLength) return false;
  const segments = domain.split('.');
  if (segments.length < EMAIL_LIMITS.minDomainSegments) return false;
  if (segments.some((segment) => segment.length > EMAIL_LIMITS.maxDomainSegmentLength)) return false;
  const topLevel = segments[segments.length - 1] ?? '';
  return (
    segments.slice(0, -1).every((segment) => DOMAIN_SEGMENT.test(segment)) && TOP_LEVEL_SEGMENT.test(topLevel)
  );
}

/** The form in which emails are compared and stored as unique keys. */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}
