/** Placeholder shown for image values that cannot be displayed (spec §3 image reference strings). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e2e8f0"/><path d="M16 44l10-12 8 9 6-7 8 10z" fill="#94a3b8"/><circle cx="24" cy="22" r="5" fill="#94a3b8"/></svg>',
  );
export const PHOTO_PLACEHOLDER = PLACEHOLDER_IMAGE;

/** Resolves a stored image reference to something an <img> can show. */
export function resolveImageUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return PLACEHOLDER_IMAGE;
  const v = value.trim();
  if (v.startsWith('data:image')) return v;
  if (v.startsWith('gdrive:')) return PHOTO_PLACEHOLDER;
  if (/^https?:\/\//i.test(v)) return v;
  if (v.startsWith('/uploads/')) return `${window.location.origin}${v}`;
  if (v.startsWith('uploads/')) return `${window.location.origin}/${v}`;
  if (v.startsWith('/')) return v; // app-relative asset such as /favicon.ico
  return PLACEHOLDER_IMAGE;
}

/** An optional logo: empty means "no logo" rather than a placeholder. */
export function optionalImageUrl(value: string | null | undefined): string | null {
  if (!value || value.trim() === '') return null;
  return resolveImageUrl(value);
}
