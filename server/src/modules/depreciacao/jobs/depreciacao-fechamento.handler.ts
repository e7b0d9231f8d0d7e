import { writeFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { competenciaBR, DEPRECIACAO_MSG as M, room } from '@tombo/shared';
import { depreciacaoClosings } from '../../../db/schema';
import { liveEvent, mutate } from '../../../db/tx';
import { record } from '../../audit';
import { FailureAfterCommit, JobFailure, type UserJobHandler } from '../../../jobs/define';
import { JSON_MIME } from '../../../jobs/files';
import { HttpError } from '../../../http/errors';
import { logger } from '../../../logger';
import { configDoLivro, lancarDepreciacao, prazoDoMes, prepararFechamento } from '../../contabilidade';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { inserirLancamentosMotor, inserirLancamentosSql } from '../fechamento';
import { travarFechamentos } from '../fechamentos';
import { regrasDoMunicipio } from '../queries';
import type { DepreciacaoFechamentoPayload } from './depreciacao-fechamento';

/** `depreciacao.fechamento`: writes the month's entries and concludes the close; the result is a JSON summary. */
export const run: UserJobHandler<DepreciacaoFechamentoPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('O fechamento exige um município.', false);
  const scope = scopeOfMunicipality(job.municipalityId);
  const { competencia } = job.payload;
  const actor = { id: job.ownerId, name: 'Fechamento de depreciação', municipalityId: job.municipalityId };
  // Not awaited: the update waits for a connection while the close's transaction holds one (PGlite has one).
  const progress = (p: number) =>
    job.progress(p).catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'progress update failed'));
  await job.progress(1);
  let resumo: { competencia: string; bens: number; totalQuota: string };
  try {
    resumo = await mutate(
      ctx,
      actor,
      async (tx, out) => {
        await travarFechamentos(tx, scope);
        const [row] = await tx
          .select()
          .from(depreciacaoClosings)
          .where(
            and(
              eq(depreciacaoClosings.municipalityId, scope.municipalityId),
              eq(depreciacaoClosings.competencia, competencia),
            ),
          );
        if (!row || row.jobId !== job.id) throw new JobFailure(M.jaFechado(competenciaBR(competencia)), false);
        if (row.status === 'concluido') return { competencia, bens: row.patrimonioCount, totalQuota: row.totalAmount };
        const { regras, dataCorte } = await regrasDoMunicipio(tx, scope);
        const autor = { id: job.ownerId, name: row.closedByName ?? actor.name };
        await prepararFechamento(tx, scope, competencia);
        void progress(10);
        await inserirLancamentosSql(tx, scope, competencia, regras, dataCorte);
        void progress(70);
        await inserirLancamentosMotor(tx, scope, competencia, regras, dataCorte);
        const contabeis = await lancarDepreciacao(tx, scope, autor, competencia);
        void progress(90);
        const [tot] = (
          (await tx.execute(sql`select count(*)::int as bens, coalesce(sum(quota), 0)::numeric(16,2)::text as total
            from depreciacao_lancamentos where municipality_id = ${scope.municipalityId}
            and competencia = ${competencia}`)) as unknown as { rows: Array<{ bens: number; total: string }> }
        ).rows;
        await tx
          .update(depreciacaoClosings)
          .set({
            status: 'concluido',
            patrimonioCount: tot.bens,
            totalAmount: tot.total,
            concludedAt: new Date(),
            error: null,
          })
          .where(eq(depreciacaoClosings.id, row.id));
        await record(
          tx,
          out,
          {
            action: 'DEPRECIACAO_FECHAMENTO_CONCLUIDO',
            entityType: 'DepreciacaoFechamento',
            entityId: competencia,
            label: competenciaBR(competencia),
            details: {
              new_value: {
                competencia,
                bens: tot.bens,
                totalQuota: tot.total,
                lancamentosContabeis: contabeis,
                bloqueioContabilApos: prazoDoMes(competencia, (await configDoLivro(tx, scope)).deadlineDay),
              },
            },
          },
          liveEvent(room.municipality(scope.municipalityId), 'depreciacao.fechamento', {
            competencia,
            status: 'concluido',
          }),
        );
        return { competencia, bens: tot.bens, totalQuota: tot.total };
      },
      scope,
    );
  } catch (err) {
    if (!(err instanceof JobFailure || err instanceof HttpError))
      logger.error({ err, jobId: job.id }, 'depreciation close failed');
    const erro =
      err instanceof JobFailure || err instanceof HttpError ? err.message : 'erro interno ao gravar os lançamentos.';
    await mutate(
      ctx,
      actor,
      async (tx, out) => {
        const done = await tx
          .update(depreciacaoClosings)
          .set({ status: 'falhou', error: erro })
          .where(
            and(
              eq(depreciacaoClosings.municipalityId, scope.municipalityId),
              eq(depreciacaoClosings.jobId, job.id),
              eq(depreciacaoClosings.status, 'em_andamento'),
            ),
          )
          .returning({ id: depreciacaoClosings.id });
        if (done.length)
          await record(
            tx,
            out,
            null,
            liveEvent(room.municipality(scope.municipalityId), 'depreciacao.fechamento', {
              competencia,
              status: 'falhou',
            }),
          );
      },
      scope,
    ).catch((e: unknown) => logger.warn({ err: e }, 'could not mark the close failed'));
    throw new FailureAfterCommit(`${M.fechamentoFalhou(competenciaBR(competencia))} ${erro}`, err);
  }
  const out = job.tempPath('json');
  await writeFile(out, JSON.stringify(resumo));
  return { tempPath: out, ext: 'json', fileName: `fechamento-depreciacao-${competencia}.json`, mimeType: JSON_MIME };
};
