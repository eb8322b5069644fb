// The portal runs as deployed behind one proxy (TRUST_PROXY=1), so its per-address limits apply to the
// address in X-Forwarded-For. Every request the benchmark sends carries one, cycled through
// BENCH_ADDRESSES addresses of a /16 of its own per kind of traffic, as many people behind a load
// balancer would: the global limit (300 a minute per address) then holds as configured without ever
// answering the measured calls 429, and the login flood is not swallowed by a per-address limit.
import { settings } from './settings.ts';

type AddressRange = 'seed' | 'reads' | 'flood';
const SECOND_OCTET: Record<AddressRange, number> = { seed: 1, reads: 2, flood: 3 };

export function addressCycle(range: AddressRange): () => string {
  let next = 0;
  return () => {
    const host = (next % settings.addresses) + 1;
    next += 1;
    return `10.${SECOND_OCTET[range]}.${(host >> 8) & 255}.${host & 255}`;
  };
}
