import { customizationBody, type Customization } from '@tombo/shared';
import type { AppContext } from '../../context';
import { mutate, read } from '../../db/tx';
import { route } from '../../http/route';
import { allMunicipalities, isAll, type Tenancy, type TenantScope } from '../../tenancy/scope';
import { editableTarget } from './access';
import { resetCustomization, saveCustomization } from './commands';
import { presentCustomization } from './presenters';
import { installationSettings, municipalSettings } from './queries';

// The installation-wide row belongs to no municipality: it is read (also by the public login page)
// and, by the superuser, written in transactions over all municipalities, asked for here explicitly.
// A municipality's own row is read and written under that municipality's scope only.

/** The effective customization for a municipality (or, without one, the installation's alone). */
async function effective(ctx: AppContext, scope?: TenantScope): Promise<Customization> {
  const all = allMunicipalities();
  const installation = await read(ctx, all, (tx) => installationSettings(tx, all));
  const own = scope ? await read(ctx, scope, (tx) => municipalSettings(tx, scope)) : {};
  return presentCustomization(installation, own);
}

const scopeOf = (target: Tenancy) => (isAll(target) ? undefined : target);

/** Login-page and in-app customization (spec §4). */
export const customizationRoutes = [
  route({
    method: 'get',
    path: '/customization/public',
    audience: 'public',
    handler: async (c) => ({ customization: await effective(c.ctx) }),
  }),
  route({
    method: 'get',
    path: '/customization',
    audience: 'signed-in',
    handler: async (c) => ({ customization: await effective(c.ctx, c.scope) }),
  }),
  route({
    method: 'put',
    path: '/customization',
    audience: 'signed-in',
    body: customizationBody,
    handler: async (c) => {
      const target = editableTarget(c.principal, c.scope);
      await mutate(c.ctx, c.actor, (tx, out) => saveCustomization(tx, out, target, c.body), target);
      return { customization: await effective(c.ctx, scopeOf(target)) };
    },
  }),
  route({
    method: 'post',
    path: '/customization/reset',
    audience: 'signed-in',
    handler: async (c) => {
      const target = editableTarget(c.principal, c.scope);
      await mutate(c.ctx, c.actor, (tx, out) => resetCustomization(tx, out, target), target);
      return { customization: await effective(c.ctx, scopeOf(target)) };
    },
  }),
];
