import {
  DEFAULT_CUSTOMIZATION,
  STORAGE_KEYS,
  customizationSchema,
  type Customization,
  type CustomizationFileField,
  type CustomizationResponse,
} from '@tombo/shared';
import { http } from '../../lib/http';
import { storage } from '../../lib/storage';
import { uploadFile } from '../../lib/upload';

/** Server values merged over the defaults; unknown or invalid fields are dropped. */
export function mergeCustomization(value: unknown): Customization {
  const merged: Record<string, unknown> = { ...DEFAULT_CUSTOMIZATION };
  if (value && typeof value === 'object') {
    const shape = customizationSchema.shape;
    for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
      if (!(key in shape) || raw == null) continue;
      const parsed = shape[key as keyof typeof shape].safeParse(raw);
      if (parsed.success) merged[key] = parsed.data;
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
