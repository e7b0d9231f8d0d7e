import {
  devolucaoBody,
  emprestimoBensQuery,
  emprestimoCreateBody,
  emprestimoListQuery,
  idParam,
  prorrogacaoBody,
} from '@tombo/shared';
import { route } from '../../http/route';
import { extendLoan, lendAsset, returnLoan } from './commands';
import { getLoan, listLoans, lookupBens } from './queries';

/** Loans of assets (/bens/emprestimos): everyone with `bens:read` sees them, `loans:manage` lends and takes back. */
export const loanRoutes = [
  route({
    method: 'get',
    path: '/emprestimos',
    audience: 'municipal',
    permission: 'bens:read',
    query: emprestimoListQuery,
    handler: (c) => c.read((tx) => listLoans(tx, c.scope, c.query)),
  }),
  route({
    method: 'get',
    path: '/emprestimos/bens',
    audience: 'municipal',
    permission: 'loans:manage',
    query: emprestimoBensQuery,
    handler: (c) => c.read((tx) => lookupBens(tx, c.scope, c.query)),
  }),
  route({
    method: 'get',
    path: '/emprestimos/:id',
    audience: 'municipal',
    permission: 'bens:read',
    params: idParam,
    access: { param: 'id', rule: 'emprestimo.read' },
    handler: async (c) => ({ emprestimo: await c.read((tx) => getLoan(tx, c.scope, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/emprestimos',
    audience: 'municipal',
    permission: 'loans:manage',
    body: emprestimoCreateBody,
    status: 201,
    handler: async (c) => ({ emprestimo: await c.command((tx, out) => lendAsset(tx, out, c.scope, c.body)) }),
  }),
  route({
    method: 'post',
    path: '/emprestimos/:id/devolucao',
    audience: 'municipal',
    permission: 'loans:manage',
    params: idParam,
    access: { param: 'id', rule: 'emprestimo.return' },
    body: devolucaoBody,
    handler: async (c) => ({
      emprestimo: await c.command((tx, out) => returnLoan(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'post',
    path: '/emprestimos/:id/prorrogacao',
    audience: 'municipal',
    permission: 'loans:manage',
    params: idParam,
    access: { param: 'id', rule: 'emprestimo.return' },
    body: prorrogacaoBody,
    handler: async (c) => ({
      emprestimo: await c.command((tx, out) => extendLoan(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
];
