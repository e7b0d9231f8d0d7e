import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { termoVersions } from '../../db/schema';
import { mutate, read } from '../../db/tx';
import { record } from '../audit';
import type { JobContext } from '../../jobs/define';
import { loadBranding } from '../customization';
import { scopeOfMunicipality } from '../../tenancy/scope';
import { termoFiles } from './files';
import { termoChanged } from './commands';
import type { TermoRow } from './presenters';
import { termoFooter, termoHtml } from './termo-html';

/**
 * Renders a version to PDF and keeps it as the version's file (the same path on a retry: idempotent),
 * then marks it ready and tells the rooms of its sector. Returns the absolute path of the file.
 */
export async function renderTermo(ctx: JobContext, row: TermoRow): Promise<string> {
  const scope = scopeOfMunicipality(row.municipalityId);
  const branding = await read(ctx, scope, (tx) => loadBranding(tx, scope, ctx.config));
  const pdf = await ctx.renderPdf(termoHtml(branding, row), {
    footerTemplate: termoFooter(row),
    timeoutMs: 120_000,
  });
  const stored = path.join(termoFiles.relDir, String(row.municipalityId), `${row.id}.pdf`);
  const abs = path.join(ctx.config.dataDir, stored);
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  await fsp.writeFile(`${abs}.tmp`, pdf);
  await fsp.rename(`${abs}.tmp`, abs);
  await mutate(
    ctx,
    null,
    async (tx, out) => {
      const [done] = await tx
        .update(termoVersions)
        .set({ status: 'ready', filePath: stored, error: null })
        .where(eq(termoVersions.id, row.id))
        .returning();
      if (done) await record(tx, out, null, termoChanged(done));
    },
    scope,
  );
  return abs;
}

/** Marks a version that could not be rendered (the sweep's final failure), with the reason. */
export async function failTermo(ctx: JobContext, row: TermoRow, reason: string): Promise<void> {
  const scope = scopeOfMunicipality(row.municipalityId);
  await mutate(
    ctx,
    null,
    async (tx, out) => {
      const [r] = await tx
        .update(termoVersions)
        .set({ status: 'failed', error: reason })
        .where(eq(termoVersions.id, row.id))
        .returning();
      if (r) await record(tx, out, null, termoChanged(r));
    },
    scope,
  );
}
