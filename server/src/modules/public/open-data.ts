import type { Response } from 'express';
import { and, asc, gt } from 'drizzle-orm';
import { DADOS_ABERTOS_CAMPOS, type PublicMunicipio, type PublicPatrimonio } from '@tombo/shared';
import type { AppContext } from '../../context';
import { patrimonios } from '../../db/schema';
import { read } from '../../db/tx';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentPublic, publicColumns } from './presenters';

const BATCH = 2_000;

/** Every public row of the municipality, in id order, a batch per short read (no long transaction). */
async function* publicRows(ctx: AppContext, scope: TenantScope, m: PublicMunicipio): AsyncGenerator<PublicPatrimonio> {
  let after = 0;
  for (;;) {
    const rows = await read(ctx, scope, (tx) =>
      tx
        .select({ id: patrimonios.id, ...publicColumns })
        .from(patrimonios)
        .where(and(ofTenant(patrimonios, scope), gt(patrimonios.id, after)))
        .orderBy(asc(patrimonios.id))
        .limit(BATCH),
    );
    for (const { id: _id, ...r } of rows) yield presentPublic(r, m.name);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  // A leading = + - @ would be a formula in a spreadsheet: quoted with an apostrophe (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Writes a chunk, waiting for the socket to drain (a slow client does not fill the memory). */
const write = (res: Response, chunk: string) => {
  if (res.destroyed) throw new Error('client gone');
  return res.write(chunk)
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        // Whichever comes first; the other listener goes too (a long download waits for drain many times).
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.once('drain', done);
        res.once('close', done);
      });
};

/**
 * Streams the municipality's open data: CSV (UTF-8 with BOM, ';' separated, the columns of the
 * dictionary) or JSON ({ municipio, geradoEm, dicionario, bens: [...] }). Public fields only.
 */
export async function streamOpenData(
  ctx: AppContext,
  res: Response,
  scope: TenantScope,
  m: PublicMunicipio,
  format: 'csv' | 'json',
): Promise<void> {
  const keys = DADOS_ABERTOS_CAMPOS.map((c) => c.campo);
  const name = `dados-abertos-${m.slug}.${format}`;
  res.status(200);
  res.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  res.setHeader('Cache-Control', 'public, max-age=300');
  if (format === 'csv') {
    await write(res, `\uFEFF${keys.join(';')}\r\n`);
    for await (const r of publicRows(ctx, scope, m))
      await write(res, `${keys.map((k) => csvCell(r[k])).join(';')}\r\n`);
  } else {
    const head = { municipio: { nome: m.name, slug: m.slug }, geradoEm: new Date().toISOString() };
    await write(
      res,
      `${JSON.stringify(head).slice(0, -1)},"dicionario":${JSON.stringify(DADOS_ABERTOS_CAMPOS)},"bens":[`,
    );
    let first = true;
    for await (const r of publicRows(ctx, scope, m)) {
      const row = Object.fromEntries(keys.map((k) => [k, r[k]]));
      await write(res, (first ? '' : ',') + JSON.stringify(row));
      first = false;
    }
    await write(res, ']}');
  }
  res.end();
}
