import type { SystemJobHandler } from '../../../jobs/define';
import { registrarBloqueios } from '../bloqueio';
import type { ContabilidadeBloqueioPayload } from './contabilidade-bloqueio';

/** The scheduled sweep: a failure is logged by the runner and retried per the definition. */
export const run: SystemJobHandler<ContabilidadeBloqueioPayload> = async (ctx) => {
  await registrarBloqueios(ctx);
};
