import {
  CUSTOMIZATION_CHOICES,
  DEFAULT_CUSTOMIZATION,
  HEX_COLOR,
  STORAGE_KEYS,
  type Customization,
  type CustomizationFileField,
  type CustomizationResponse,
} from '@tombo/shared';
import { http } from '../../lib/http';
import { storage } from '../../lib/storage';
import { uploadFile } from '../../lib/upload';

const choices: Partial<Record<string, readonly string[]>> = CUSTOMIZATION_CHOICES;

/**
 * Whether a served or cached value fits its field: the kind of its default, one of a choice field's options,
 * a colour where the default is one. Not the zod schema: this runs on the login route, which loads no zod.
 */
function fits(key: keyof Customization, value: unknown): boolean {
  const fallback = DEFAULT_CUSTOMIZATION[key];
  if (typeof value !== typeof fallback) return false;
  const options = choices[key];
  if (options) return options.includes(value as string);
  return typeof fallback !== 'string' || !HEX_COLOR.test(fallback) || HEX_COLOR.test(value as string);
}

/** Server values merged over the defaults; unknown or invalid fields are dropped. */
export function mergeCustomization(value: unknown): Customization {
  const merged: Record<string, unknown> = { ...DEFAULT_CUSTOMIZATION };
  if (value && typeof value === 'object') {
    for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
      if (Object.hasOwn(DEFAULT_CUSTOMIZATION, key) && fits(key as keyof Customization, raw)) merged[key] = raw;
    }
  }
  return merged as Customization;
}

/** Locally cached customization (spec §4: loaded first from the local cache, then from the server). */
export function cachedCustomization(): Customization {
  return mergeCustomization(storage.get<unknown>(STORAGE_KEYS.customization));
}

export function cacheCustomization(value: Customization): void {
  storage.trySet(STORAGE_KEYS.customization, value);
}

/**
 * Signed out: GET /customization/public, then GET /customization (spec §7 order).
 * Signed in: the municipality's effective settings (GET /customization) come first, since the
 * public call only holds the installation-wide login settings; the public call is the fallback.
 */
export async function fetchCustomization(signedIn: boolean): Promise<Customization> {
  const order = signedIn ? ['/customization', '/customization/public'] : ['/customization/public', '/customization'];
  let data: CustomizationResponse;
  try {
    data = await http.get<CustomizationResponse>(order[0]);
  } catch {
    data = await http.get<CustomizationResponse>(order[1]);
  }
  const value = mergeCustomization(data?.customization ?? data);
  cacheCustomization(value);
  return value;
}

export async function saveCustomization(patch: Partial<Customization>): Promise<Customization> {
  const data = await http.put<CustomizationResponse>('/customization', patch);
  return mergeCustomization(data?.customization ?? data);
}

export async function resetCustomization(): Promise<Customization> {
  const data = await http.post<CustomizationResponse | undefined>('/customization/reset', {});
  return mergeCustomization(data?.customization ?? DEFAULT_CUSTOMIZATION);
}

/** Uploads a logo, background, video or favicon: the server checks it (415) and sets the field. */
export async function uploadCustomizationFile(
  field: CustomizationFileField,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<{ url: string; customization: Customization }> {
  const res = await uploadFile<{ url: string; customization: unknown }>(
    `/customization/files/${field}`,
    file,
    file.name,
    {
      onProgress,
    },
  );
  return { url: res.url, customization: mergeCustomization(res.customization) };
}
