import { z } from 'zod';

/** Body of POST /api/superuser/version/rollback: which upgrade to undo, confirmed. */
export const versionRollbackBody = z.strictObject({
  upgradeId: z.number({ error: 'Informe a atualização a reverter.' }).int().positive(),
  confirm: z.literal(true, { error: 'Confirme a reversão.' }),
});
export type VersionRollbackInput = z.infer<typeof versionRollbackBody>;

/** The release feed (RELEASE_FEED_URL / RELEASE_FEED_FILE): JSON with the published versions. */
export const releaseFeedSchema = z.object({
  versions: z
    .array(
      z.object({
        version: z.string().regex(/^\d+\.\d+\.\d+$/),
        releaseDate: z.string().nullish(),
        changelog: z.array(z.string()).default([]),
        instructions: z.string().nullish(),
      }),
    )
    .max(500),
});
export type ReleaseFeed = z.infer<typeof releaseFeedSchema>;

/** Compares two x.y.z versions: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}
