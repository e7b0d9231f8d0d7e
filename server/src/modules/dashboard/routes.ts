import { Router } from 'express';
import type { AssetStats, PatrimonioStatus } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, principal } from '../../auth/middleware';
import { scopeOf } from '../patrimonios/scope';

const TOP_TYPES = 8;

/** Figures for the dashboard widgets; a usuario's figures cover only its own sectors. */
export function dashboardRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/dashboard/bens', can('bens:read'), async (req, res) => {
    const scope = scopeOf(principal(req));
    const params: unknown[] = [scope.municipalityId];
    let where = 'municipality_id = $1';
    if (scope.sectorIds) {
      params.push(scope.sectorIds);
      where += ' and sector_id = any($2::int[])';
    }
    const [totals, byStatus, byType] = await Promise.all([
      ctx.database.query<{ total: number; valor: string }>(
        `select count(*)::int as total, coalesce(sum(valor_aquisicao * quantidade), 0)::numeric(16,2)::text as valor from patrimonios where ${where}`,
        params,
      ),
      ctx.database.query<{ status: PatrimonioStatus; count: number }>(
        `select status, count(*)::int as count from patrimonios where ${where} group by status order by count desc`,
        params,
      ),
      ctx.database.query<{ tipo: string; count: number }>(
        `select coalesce(tipo_nome, 'Sem tipo') as tipo, count(*)::int as count from patrimonios where ${where} group by 1 order by 2 desc limit ${TOP_TYPES}`,
        params,
      ),
    ]);
    const stats: AssetStats = {
      total: totals[0].total,
      valorTotal: totals[0].valor,
      porStatus: byStatus,
      porTipo: byType,
    };
    res.json(stats);
  });
  return r;
}
