declare const __APP_VERSION__: string | undefined;

/** The version this client was built from (root package.json, injected by Vite). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

/** The footer's label: 'v{version}'. */
export const VERSION_LABEL = `v${APP_VERSION}`;
