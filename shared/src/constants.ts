/** Business constants of spec §9. */
export const IDLE_TIMEOUT_MS = 1_800_000;
export const HTTP_TIMEOUT_MS = 30_000;
export const REFRESH_ATTEMPTS = 1;
export const MOBILE_BREAKPOINT = 768;
export const SIDEBAR_COLLAPSED = 52;
export const SIDEBAR_EXPANDED = 280;
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;
export const MAX_TOASTS = 1;
export const FOOTER_VERSION = 'v2.0.0';
export const CURRENT_VERSION = '2.1.0';
export const PRODUCT_NAME = 'Tombo';
export const STORAGE_PREFIX = 'tombo';
export const STORAGE_KEYS = {
  user: `${STORAGE_PREFIX}_user`,
  token: `${STORAGE_PREFIX}_token`,
  refreshToken: `${STORAGE_PREFIX}_refresh_token`,
  theme: `${STORAGE_PREFIX}_theme`,
  customization: `${STORAGE_PREFIX}_customization`,
} as const;
export const QUERY_CACHE = {
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
  retry: 1,
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
} as const;
export const IMAGE_COMPRESSION = { maxSizeMB: 1, maxWidthOrHeight: 1920, quality: 0.9 } as const;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 7;
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const MAX_PAGE_SIZE = 100;
