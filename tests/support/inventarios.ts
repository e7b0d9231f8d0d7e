import { randomUUID } from 'node:crypto';
import type { TestServer } from './harness';
import type { TestLocal, TestSector, TestTenant } from './factories';

type Server = Pick<TestServer, 'owner'>;

/** The body of POST /api/inventarios for the tenant's sector, scope 'sector', commission admin/supervisor/usuario. */
export const inventarioBody = (t: TestTenant, extra: Record<string, unknown> = {}) => ({
  title: 'Inventário anual 2026',
  description: 'Contagem anual do setor',
  tipo: 'anual',
  sectorId: t.sector.id,
  scope: 'sector',
  dataInicio: '2026-01-15',
  comissao: [t.users.admin.id, t.users.supervisor.id, t.users.usuario.id],
  ...extra,
});

/** A reading as the client sends it (a fresh uuid unless given). */
export const leitura = (numero: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  numero,
  lidoEm: new Date().toISOString(),
  ...extra,
});

/**
 * `n` assets of the sector (optionally of one location) in ONE statement, numbered `<prefix>-000001` …;
 * returns their numbers in order. For the large inventories of the concurrency tests and the bench.
 */
export async function bulkAssets(
  s: Server,
  sector: TestSector,
  n: number,
  opts: { prefix?: string; local?: TestLocal; valor?: string } = {},
): Promise<string[]> {
  const prefix = opts.prefix ?? `B${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  await s.owner.query(
    `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, local_id,
                              local_nome, valor_aquisicao)
     select $1, $2 || '-' || lpad(g::text, 6, '0'), 'Bem em lote ' || g, $3, $4, $5, $6, $7
       from generate_series(1, $8) g`,
    [
      sector.municipalityId,
      prefix,
      sector.id,
      sector.name,
      opts.local?.id ?? null,
      opts.local?.name ?? null,
      opts.valor ?? '10.00',
      n,
    ],
  );
  return Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(6, '0')}`);
}

/** Counts of a municipality's rows that a refused request must leave untouched. */
export async function inventorySnapshot(s: Server, m: number) {
  const count = async (table: string) =>
    Number(
      (await s.owner.query<{ n: number }>(`select count(*)::int n from ${table} where municipality_id = $1`, [m]))[0].n,
    );
  const [state] = await s.owner.query<{ state: string }>(
    `select coalesce(string_agg(id || ':' || status || ':' || found_count || ':' || version, ',' order by id), '') state
       from inventarios where municipality_id = $1`,
    [m],
  );
  const [items] = await s.owner.query<{ state: string }>(
    `select coalesce(string_agg(id || ':' || status, ',' order by id), '') state from inventario_items where municipality_id = $1`,
    [m],
  );
  return {
    inventarios: state.state,
    itens: items.state,
    leituras: await count('inventario_readings'),
    // (sign-ins write their own rows, not always before the token is answered)
    audit: Number(
      (
        await s.owner.query<{ n: number }>(
          `select count(*)::int n from audit_logs where municipality_id = $1 and action <> 'LOGIN'`,
          [m],
        )
      )[0].n,
    ),
    historico: await count('patrimonio_historico'),
    assets: (
      await s.owner.query<{ st: string }>(
        `select coalesce(string_agg(id || ':' || status, ',' order by id), '') st from patrimonios where municipality_id = $1`,
        [m],
      )
    )[0].st,
  };
}
