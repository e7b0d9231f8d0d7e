import { JOB_NAMES } from '@tombo/shared';
import type { JobDefinition, SystemJobDefinition, UserJobDefinition } from '../jobs/define';
import * as fichas from './fichas';
import * as exportacoes from './exportacoes';
import * as importacao from './importacao';
import * as jobs from './jobs';
import * as emprestimos from './emprestimos';
import * as etiquetas from './etiquetas';
import * as inventarios from './inventarios';
import * as patrimonios from './patrimonios';
import * as relatorios from './relatorios';
import * as sectors from './sectors';
import * as termos from './termos';
import * as transferencias from './transferencias';
import * as backups from './backups';
import * as manutencoes from './manutencoes';
import * as imoveis from './imoveis';
import * as imoveisRelatorios from './imoveis-relatorios';
import * as depreciacao from './depreciacao';
import * as depreciacaoRelatorios from './depreciacao-relatorios';
import * as contabilidade from './contabilidade';

/**
 * Every job definition of every area: the one list the BullMQ worker, the inline runner and the
 * schedulers read (HOUSE-RULES 9). Handlers are imported only when a job of theirs runs.
 */
export const jobDefinitions: readonly JobDefinition[] = [
  ...jobs.jobs,
  ...sectors.jobs,
  ...patrimonios.jobs,
  ...transferencias.jobs,
  ...emprestimos.jobs,
  ...inventarios.jobs,
  ...fichas.jobs,
  ...termos.jobs,
  ...etiquetas.jobs,
  ...relatorios.jobs,
  ...exportacoes.jobs,
  ...importacao.jobs,
  ...backups.jobs,
  ...manutencoes.jobs,
  ...imoveis.jobs,
  ...imoveisRelatorios.jobs,
  ...depreciacao.jobs,
  ...depreciacaoRelatorios.jobs,
  ...contabilidade.jobs,
];

const byName = new Map<string, JobDefinition>();
for (const def of jobDefinitions) {
  if (byName.has(def.name)) throw new Error(`job ${def.name} is defined twice`);
  byName.set(def.name, def);
}
// Every name a user may ask for (`JOB_NAMES`, the API's Job.name) runs as a user job.
for (const name of JOB_NAMES) {
  if (byName.get(name)?.owner !== 'user') throw new Error(`job ${name} has no user job definition`);
}
for (const def of jobDefinitions) {
  if (def.owner === 'user' && !(JOB_NAMES as readonly string[]).includes(def.name))
    throw new Error(`job ${def.name} is a user job missing from JOB_NAMES`);
}

/** The definition of a job name, or undefined (a name from another version of Tombo). */
export const jobDefinition = (name: string): JobDefinition | undefined => byName.get(name);

/** The user job of that name (a `jobs` row), or undefined. */
export function userJobDefinition(name: string): UserJobDefinition | undefined {
  const def = byName.get(name);
  return def?.owner === 'user' ? def : undefined;
}

/** The system jobs (no `jobs` row), scheduled or not. */
export const systemJobDefinitions = (): SystemJobDefinition[] =>
  jobDefinitions.filter((d): d is SystemJobDefinition => d.owner === 'system');
