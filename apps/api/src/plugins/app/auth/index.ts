// The auth module's face: what the rest of the API may import from it (design §1 "Rooms and arrows").
export { type FailureCounters, createFailureCounters } from './failure-counters.ts';
export { createLoginAttempts } from './login-attempts.ts';
export {
  DEFAULT_LOGIN_THROTTLE,
  createLoginThrottle,
  type LoginThrottle,
  type LoginThrottleOptions,
} from './login-throttle.ts';
