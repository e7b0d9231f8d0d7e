import fsp from 'node:fs/promises';
import { compareVersions, releaseFeedSchema, VERSION_MSG, type KnownRelease } from '@tombo/shared';
import type { Config } from '../../config';
import { logger } from '../../logger';

const TTL_MS = 10 * 60_000;
let cache: { key: string; at: number; value: { latest: KnownRelease | null; error: string | null } } | null = null;

/**
 * The newest release the configured feed announces, when newer than `current` (RELEASE_FEED_FILE or
 * RELEASE_FEED_URL: JSON `{ versions: [{ version, releaseDate?, changelog?, instructions? }] }`), read
 * at most every 10 minutes. Without a feed: nothing is known, nothing is offered.
 */
export async function knownRelease(
  config: Pick<Config, 'releaseFeedFile' | 'releaseFeedUrl'>,
  current: string,
): Promise<{ configured: boolean; latest: KnownRelease | null; error: string | null }> {
  const key = config.releaseFeedFile ?? config.releaseFeedUrl;
  if (!key) return { configured: false, latest: null, error: null };
  if (cache && cache.key === `${key}|${current}` && Date.now() - cache.at < TTL_MS)
    return { configured: true, ...cache.value };
  let value: { latest: KnownRelease | null; error: string | null };
  try {
    const raw = config.releaseFeedFile
      ? await fsp.readFile(config.releaseFeedFile, 'utf8')
      : await fetch(config.releaseFeedUrl!, { signal: AbortSignal.timeout(5_000) }).then((r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          return r.text();
        });
    const feed = releaseFeedSchema.parse(JSON.parse(raw));
    const newest = [...feed.versions].sort((a, b) => compareVersions(b.version, a.version))[0];
    value = {
      error: null,
      latest:
        newest && compareVersions(newest.version, current) > 0
          ? {
              version: newest.version,
              releaseDate: newest.releaseDate ?? null,
              changelog: newest.changelog,
              instructions: newest.instructions || VERSION_MSG.updateInstructions(newest.version),
            }
          : null,
    };
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'release feed unreadable');
    value = { latest: null, error: 'Não foi possível ler o canal de versões configurado.' };
  }
  cache = { key: `${key}|${current}`, at: Date.now(), value };
  return { configured: true, ...value };
}
