import { expect } from 'vitest';
import type { LancamentoContabil, LancamentosPagina } from '@tombo/shared';
import type { TestServer } from './harness';
import { client } from './http';
import { waitJob } from './jobs';
import { newPatrimonio, ownerQuery, type TestTenant } from './factories';

/** Cents of a decimal string ("1234.50"). */
export const cents = (v: string) => Math.round(Number(v) * 100);

/** Σ debit − Σ credit in cents per account code over the entries. */
export function saldos(ls: LancamentoContabil[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of ls)
    for (const p of l.partidas) out[p.conta.codigo] = (out[p.conta.codigo] ?? 0) + cents(p.debito) - cents(p.credito);
  return out;
}

/** What the ledger's tests do through the API of the file's test server (`server()`: started in `beforeAll`). */
export function ledgerKit(server: () => TestServer) {
  const api = async (t: TestTenant, role: 'admin' | 'supervisor' | 'usuario' = 'admin') =>
    client(server().url, await t.users[role].token());

  /** Closes a month through the API and waits for its job. */
  async function fechar(t: TestTenant, competencia: string) {
    const r = await (await api(t))('POST', '/api/depreciacao/fechamentos', { competencia });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const job = await waitJob(server(), await t.users.admin.token(), r.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
  }

  /** An asset of the type (or none) with its own life, in service since `entrada`, and its documents if given. */
  async function bem(
    t: TestTenant,
    o: {
      valor: string;
      tipoId?: number | null;
      entrada: string;
      vida?: number;
      processo?: string;
      notaFiscal?: string;
      empenho?: string;
    },
  ) {
    const p = await newPatrimonio(server(), { municipalityId: t.id, sectorId: t.sector.id, valor: o.valor });
    await ownerQuery(
      server(),
      `update patrimonios set tipo_id = $2, data_aquisicao = $3, data_entrada_servico = $3, vida_util_meses = $4,
         residual_pct = 0, processo_aquisicao = $5, nota_fiscal_numero = $6, empenho = $7 where id = $1`,
      [p.id, o.tipoId ?? null, o.entrada, o.vida ?? 60, o.processo ?? null, o.notaFiscal ?? null, o.empenho ?? null],
    );
    return p;
  }

  /** Every entry of the municipality through the pull API (pages of `limit`). */
  async function todos(t: TestTenant, query = '', limit = 1000): Promise<LancamentoContabil[]> {
    const a = await api(t);
    const out: LancamentoContabil[] = [];
    let cursor = '';
    for (;;) {
      const r = await a(
        'GET',
        `/api/contabilidade/lancamentos?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const page = r.body as LancamentosPagina;
      if (!page.lancamentos.length) return out;
      out.push(...page.lancamentos);
      cursor = page.cursor;
    }
  }

  return { api, fechar, bem, todos };
}
