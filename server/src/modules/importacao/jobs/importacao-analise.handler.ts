import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { IMPORTACAO_MSG, type ImportacaoAnaliseResult } from '@tombo/shared';
import { importacoes } from '../../../db/schema';
import { mutate, read } from '../../../db/tx';
import { HttpError } from '../../../http/errors';
import { FailureAfterCommit, JobFailure, type UserJobHandler } from '../../../jobs/define';
import { JSON_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { logger } from '../../../logger';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { fieldRules } from '../../form-fields';
import { analyse } from '../analyse';
import { mapCustom } from '../custom';
import { analysisKey, errorsPathOf, saveAnalysis, storedFile } from '../commands';
import { headersFor } from '../presenters';
import { loadCatalogs } from '../../patrimonios';
import type { ImportacaoAnalisePayload } from './importacao-analise';

/** The analysis' own reason, shown as it is (the runner shows a FailureAfterCommit's message alone). */
class AnalysisFailure extends FailureAfterCommit {}

/** Rows a CSV holds, roughly (its line breaks; a multi-line field counts more): only for the progress bar. */
async function estimateRows(file: string, format: string, size: number): Promise<number> {
  if (format !== 'csv') return Math.max(1, Math.round(size / 40)); // ~40 compressed bytes per XLSX row
  let n = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>)
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) n++;
  return Math.max(1, n);
}

/** `importacao.analise`: the analysis (analyse.ts) of the upload's file, saved on its row if still the latest. */
export const run: UserJobHandler<ImportacaoAnalisePayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A análise exige um município.', false);
  const { importacaoId, mapping, hasHeader, generateNumbers, atualizar, sectorIds, createCatalogs } = job.payload;
  const scope = scopeOfMunicipality(job.municipalityId, sectorIds);
  const [row] = await read(ctx, scope, (tx) => tx.select().from(importacoes).where(eq(importacoes.id, importacaoId)));
  if (!row || row.jobId !== job.id || row.status !== 'analisando')
    throw new AnalysisFailure(IMPORTACAO_MSG.analysisReplaced);
  const file = storedFile(ctx.config, row.filePath);
  if (!file) throw new AnalysisFailure(IMPORTACAO_MSG.badFile);
  const headers = headersFor(row, hasHeader);
  const errorsPath = errorsPathOf(row.filePath);
  const errorsFile = path.join(ctx.config.dataDir, errorsPath);
  // Written aside, moved in place only if this analysis is still the upload's latest one.
  const scratch = `${errorsFile}.${job.id}.tmp`;
  const expected = await estimateRows(file, row.format, row.size);
  let lastStep = -1;
  const onProgress = (rows: number) => {
    const p = Math.min(95, Math.floor((95 * rows) / expected));
    if (p === lastStep) return;
    lastStep = p;
    job.progress(p).catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'progress update failed'));
  };
  let result: Awaited<ReturnType<typeof analyse>>;
  try {
    await job.progress(1);
    const { catalogs, rules } = await read(ctx, scope, async (tx) => ({
      catalogs: await loadCatalogs(tx, scope),
      rules: await fieldRules(tx, scope),
    }));
    const { mapped: custom, unknown } = mapCustom(rules, mapping);
    if (unknown.length) throw new JobFailure(IMPORTACAO_MSG.customUnknown(unknown[0]), false);
    result = await analyse(ctx, scope, {
      file,
      hasHeader,
      mapping,
      generateNumbers,
      atualizar,
      createCatalogs,
      catalogs,
      errorsFile: scratch,
      onProgress,
      custom,
    });
    await mutate(
      ctx,
      null,
      async (tx) => {
        await saveAnalysis(
          tx,
          scope,
          row.id,
          job.id,
          analysisKey(mapping, hasHeader, generateNumbers, atualizar),
          hasHeader,
          result,
          errorsPath,
          headers,
        );
        await fsp.rename(scratch, errorsFile);
      },
      scope,
    );
  } catch (err) {
    await fsp.rm(scratch, { force: true }).catch(() => undefined);
    // The upload may analyse again: back to 'enviada', unless a newer request took it over.
    await mutate(
      ctx,
      null,
      (tx) =>
        tx
          .update(importacoes)
          .set({ status: 'enviada', updatedAt: new Date() })
          .where(and(eq(importacoes.id, row.id), eq(importacoes.jobId, job.id), eq(importacoes.status, 'analisando')))
          .then(() => undefined),
      scope,
    ).catch((e: unknown) => logger.warn({ err: e }, 'could not reset the analysed upload'));
    if (err instanceof AnalysisFailure) throw err;
    const known = err instanceof JobFailure || err instanceof HttpError;
    if (!known) logger.error({ err, jobId: job.id }, 'register analysis failed');
    throw new AnalysisFailure(
      `${IMPORTACAO_MSG.analysisFailed} ${known ? err.message : 'erro interno ao ler o arquivo.'}`,
      err,
    );
  }
  const { values: _values, ...analise } = result;
  const out = job.tempPath('json');
  await fsp.writeFile(out, JSON.stringify({ importacaoId, analise, headers } satisfies ImportacaoAnaliseResult));
  return { tempPath: out, ext: 'json', fileName: `analise-importacao-${isoDay(new Date())}.json`, mimeType: JSON_MIME };
};
