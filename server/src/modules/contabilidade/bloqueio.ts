import { sql } from 'drizzle-orm';
import { competenciaBR, isoDayOf, room } from '@tombo/shared';
import { rowsOf } from '../../db/rows';
import { liveEvent, mutate } from '../../db/tx';
import type { JobContext } from '../../jobs/define';
import { allMunicipalities } from '../../tenancy/scope';
import { record } from '../audit';
import { prazoDoMes } from './livro';

/** The activity-log action of a month reaching its accounting deadline (written once per municipality and month). */
export const ACAO_BLOQUEIO = 'CONTABILIDADE_MES_BLOQUEADO';

/**
 * Writes the activity-log row of every closed month whose accounting deadline has passed (Brasília) and that has
 * none yet, in every municipality: the lock happens by the calendar, and the log says when it took effect.
 * Idempotent (the row is looked up by municipality, action and month); returns the rows written.
 */
export async function registrarBloqueios(ctx: Pick<JobContext, 'db' | 'publisher'>, hoje = new Date()) {
  const dia = isoDayOf(hoje);
  return mutate(
    ctx,
    null,
    async (tx, out) => {
      const fechados = rowsOf<{ municipality_id: number; competencia: string; prazo: number }>(
        await tx.execute(sql`
          select c.municipality_id, c.competencia, coalesce(cfg.deadline_day, 25)::int as prazo
          from depreciacao_closings c
          left join contabilidade_config cfg on cfg.municipality_id = c.municipality_id
          where c.status = 'concluido'
            and not exists (select 1 from audit_logs a where a.municipality_id = c.municipality_id
              and a.action = ${ACAO_BLOQUEIO} and a.entity_id = c.competencia)
          order by c.municipality_id, c.competencia`),
      );
      let n = 0;
      for (const f of fechados) {
        const prazo = prazoDoMes(f.competencia, f.prazo);
        if (dia <= prazo) continue;
        await record(
          tx,
          out,
          {
            action: ACAO_BLOQUEIO,
            entityType: 'DepreciacaoFechamento',
            entityId: f.competencia,
            label: competenciaBR(f.competencia),
            details: { new_value: { competencia: f.competencia, prazo } },
            municipalityId: f.municipality_id,
          },
          liveEvent(
            room.municipality(f.municipality_id),
            'depreciacao.fechamento',
            { competencia: f.competencia, status: 'bloqueado' },
            f.municipality_id,
          ),
        );
        n++;
      }
      return n;
    },
    allMunicipalities(),
  );
}
