// Business constants of spec §9 and the screen constants of spec §2. Each exists once, here.

export const TRIAL_DAYS = 30;
export const SNACKBAR_AUTO_HIDE_MS = 6000;
export const PAGE_SIZE_OPTIONS = [5, 10, 15] as const;
export const DEFAULT_PAGE_SIZE = 5;
/** Row count used when the tokens table is shown without pagination. */
export const UNPAGINATED_PAGE_SIZE = 999;
export const SHORT_ID_LENGTH = 5;
export const SIDEBAR_WIDTH_OPEN = 280;
export const SIDEBAR_WIDTH_COLLAPSED = 87;
export const REDIRECT_AFTER_REGISTRATION_MS = 3000;
export const REDIRECT_AFTER_WELCOME_MS = 2000;
export const SPORT_CARDS_PER_ROW = 3;
/** How long the data cache keeps unused data (TanStack Query gcTime). */
export const QUERY_CACHE_GC_MS = 60_000;
export const ANALYTICS_PAGE_VIEW_DELAY_MS = 500;
export const PRICE_TERM_MONTHS = 12;
export const PRICE_CURRENCY = 'CAD';

/** Password length bounds: min from spec §5, max from design §2 (bounds hashing cost). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** Session and one-time token lifetimes (design §2). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const EMAIL_VERIFICATION_TTL_SECONDS = 48 * 60 * 60;
