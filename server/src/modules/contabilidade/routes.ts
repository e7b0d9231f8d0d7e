import {
  contaCreateBody,
  contaUpdateBody,
  contabilidadeConfigBody,
  contasImovelBody,
  contabilidadeRelatorioBody,
  diarioQuery,
  idParam,
  razaoQuery,
  lancamentosQuery,
  conciliacaoFields,
  rmbQuery,
  saldosQuery,
  situacaoParam,
} from '@tombo/shared';
import fsp from 'node:fs/promises';
import { route } from '../../http/route';
import { receiveUpload } from '../../uploads';
import { parse } from '../../http/validate';
import { csvField } from '../../spreadsheet';
import { salvarConfigContabil, salvarContasImovel } from './commands/config';
import { atualizarConta, criarConta } from './commands/plano';
import { lancamentosCsv } from './presenters';
import { configContabil, contasDosImoveis, planoDeContas, puxarLancamentos } from './queries';
import { rmbDoMes, saldosCsv, saldosDoMes } from './rmb';
import { conciliar } from './conciliacao';
import { enqueueJob } from '../jobs';
import { solicitarRelatorio } from './commands/relatorio';
import { diarioDoPeriodo, razaoDaConta } from './livros';

/** The accounting system's balances file: a few hundred accounts, far below this. */
const CONCILIACAO_MAX_BYTES = 1024 * 1024;

/** The accounting area (issue 36; docs/api.md "Contabilidade"). */
export const contabilidadeRoutes = [
  route({
    method: 'get',
    path: '/contabilidade/plano',
    audience: 'municipal',
    permission: 'contabilidade:read',
    handler: (c) => c.read((tx) => planoDeContas(tx, c.scope)),
  }),
  route({
    method: 'post',
    path: '/contabilidade/plano',
    audience: 'municipal',
    permission: 'contabilidade:manage',
    body: contaCreateBody,
    status: 201,
    handler: async (c) => ({ conta: await c.command((tx, out) => criarConta(tx, out, c.scope, c.body)) }),
  }),
  route({
    method: 'put',
    path: '/contabilidade/plano/:id',
    audience: 'municipal',
    permission: 'contabilidade:manage',
    params: idParam,
    access: { param: 'id', rule: 'contaContabil.manage' },
    body: contaUpdateBody,
    handler: async (c) => ({
      conta: await c.command((tx, out) => atualizarConta(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'get',
    path: '/contabilidade/config',
    audience: 'municipal',
    permission: 'contabilidade:read',
    handler: (c) => c.read((tx) => configContabil(tx, c.scope)),
  }),
  route({
    method: 'put',
    path: '/contabilidade/config',
    audience: 'municipal',
    permission: 'contabilidade:manage',
    body: contabilidadeConfigBody,
    handler: (c) => c.command((tx, out) => salvarConfigContabil(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'get',
    path: '/contabilidade/contas-imoveis',
    audience: 'municipal',
    permission: 'contabilidade:read',
    handler: (c) => c.read((tx) => contasDosImoveis(tx, c.scope)),
  }),
  route({
    method: 'put',
    path: '/contabilidade/contas-imoveis/:situacao',
    audience: 'municipal',
    permission: 'contabilidade:manage',
    params: situacaoParam,
    body: contasImovelBody,
    handler: (c) => c.command((tx, out) => salvarContasImovel(tx, out, c.scope, c.params.situacao, c.body)),
  }),
  route({
    method: 'get',
    path: '/contabilidade/lancamentos',
    audience: 'municipal',
    permission: 'contabilidade:read',
    query: lancamentosQuery,
    handler: async (c) => {
      const pagina = await c.read((tx) => puxarLancamentos(tx, c.scope, c.query));
      if (c.query.formato !== 'csv') return pagina;
      c.res.status(200);
      c.res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      c.res.setHeader('Content-Disposition', 'attachment; filename="lancamentos.csv"');
      c.res.setHeader('Cache-Control', 'private, no-store');
      c.res.setHeader('X-Cursor', pagina.cursor);
      c.res.send(lancamentosCsv(pagina.lancamentos, csvField));
      return undefined;
    },
  }),
  route({
    method: 'get',
    path: '/contabilidade/diario',
    audience: 'municipal',
    permission: 'contabilidade:read',
    query: diarioQuery,
    handler: (c) => c.read((tx) => diarioDoPeriodo(tx, c.scope, c.query)),
  }),
  route({
    method: 'get',
    path: '/contabilidade/razao',
    audience: 'municipal',
    permission: 'contabilidade:read',
    query: razaoQuery,
    handler: (c) => c.read((tx) => razaoDaConta(tx, c.scope, c.query)),
  }),
  route({
    method: 'post',
    path: '/contabilidade/relatorios',
    audience: 'municipal',
    permission: 'contabilidade:read',
    body: contabilidadeRelatorioBody,
    status: 202,
    handler: async (c) => {
      const row = await c.command((tx, out) => solicitarRelatorio(tx, out, c.scope, c.principal.id, c.body));
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
  route({
    method: 'get',
    path: '/contabilidade/rmb',
    audience: 'municipal',
    permission: 'contabilidade:read',
    query: rmbQuery,
    handler: (c) => c.read((tx) => rmbDoMes(tx, c.scope, c.query.competencia)),
  }),
  route({
    method: 'get',
    path: '/contabilidade/saldos',
    audience: 'municipal',
    permission: 'contabilidade:read',
    query: saldosQuery,
    handler: async (c) => {
      const saldos = await c.read((tx) => saldosDoMes(tx, c.scope, c.query.competencia));
      if (c.query.formato !== 'csv') return saldos;
      c.res.status(200);
      c.res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      c.res.setHeader('Content-Disposition', `attachment; filename="saldos-${c.query.competencia}.csv"`);
      c.res.setHeader('Cache-Control', 'private, no-store');
      c.res.send(saldosCsv(saldos, csvField));
      return undefined;
    },
  }),
  route({
    method: 'post',
    path: '/contabilidade/conciliacoes',
    audience: 'municipal',
    permission: 'contabilidade:read',
    body: 'upload',
    handler: async (c) => {
      const file = await receiveUpload(c.ctx.config, c.req, c.res, {
        maxBytes: CONCILIACAO_MAX_BYTES,
        tooLarge: 'O arquivo de saldos passa de 1 MB.',
        fields: ['competencia'],
      });
      try {
        const { competencia } = parse(conciliacaoFields, { ...(c.req.body as object) });
        const bytes = await fsp.readFile(file.path);
        return { conciliacao: await c.read((tx) => conciliar(tx, c.scope, competencia, bytes)) };
      } finally {
        await fsp.rm(file.path, { force: true }).catch(() => undefined);
      }
    },
  }),
];
