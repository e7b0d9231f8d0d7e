import fsp from 'node:fs/promises';
import { z } from 'zod';
import {
  CUSTOMIZATION_FILE_FIELDS,
  CUSTOMIZATION_MSG,
  customizationBody,
  type Customization,
  type CustomizationFileField,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import { mutate, read } from '../../db/tx';
import { route } from '../../http/route';
import { notFound } from '../../http/errors';
import { sendStoredFile, withUpload } from '../../uploads';
import { allMunicipalities, isAll, type Tenancy, type TenantScope } from '../../tenancy/scope';
import { editableTarget } from './access';
import { resetCustomization, saveCustomization } from './commands';
import { presentCustomization } from './presenters';
import { installationSettings, municipalSettings, settingsOf } from './queries';
import {
  FILE_NAME,
  MIME,
  checkCustomizationFile,
  customizationFiles,
  fileUrl,
  ownerOf,
  receiveCustomizationFile,
  storedOf,
} from './files';

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

const fileFieldParam = z.strictObject({
  field: z.enum(Object.keys(CUSTOMIZATION_FILE_FIELDS) as [CustomizationFileField, ...CustomizationFileField[]], {
    error: 'Campo de arquivo inválido.',
  }),
});
const storedFileParam = z.strictObject({
  owner: z.string().regex(/^(global|\d{1,10})$/, { error: CUSTOMIZATION_MSG.fileNotFound }),
  name: z.string().regex(FILE_NAME, { error: CUSTOMIZATION_MSG.fileNotFound }),
});

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
    beforePasswordChange: true, // the "Trocar senha" screen wears the municipality's branding
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
      const files = await mutate(
        c.ctx,
        c.actor,
        async (tx, out) => {
          const old = await settingsOf(tx, target);
          await resetCustomization(tx, out, target);
          return Object.values(old).flatMap((v) => storedOf(v) ?? []);
        },
        target,
      );
      await customizationFiles.remove(c.ctx.config, files);
      return { customization: await effective(c.ctx, scopeOf(target)) };
    },
  }),

  // A logo, background, video or favicon: checked from its bytes (415, nothing changed), stored, and
  // set in the target's settings in one step; the file it replaces goes after the commit.
  route({
    method: 'post',
    path: '/customization/files/:field',
    audience: 'signed-in',
    params: fileFieldParam,
    body: 'upload',
    handler: async (c) => {
      const target = editableTarget(c.principal, c.scope);
      const { field } = c.params;
      const file = await receiveCustomizationFile(c.ctx.config, c.req, c.res, field);
      const url = await withUpload(file, async (placed) => {
        const { ext } = await checkCustomizationFile(file.path, file.originalname, field);
        const owner = ownerOf(target);
        const { stored, final } = await customizationFiles.moveIn(c.ctx.config, [owner], ext, file.path);
        placed(final);
        const value = fileUrl(owner, stored);
        const previous = await mutate(
          c.ctx,
          c.actor,
          async (tx, out) => {
            const old = (await settingsOf(tx, target))[field];
            await saveCustomization(tx, out, target, { [field]: value });
            return old;
          },
          target,
        );
        const oldStored = storedOf(previous);
        if (oldStored && oldStored !== stored) await customizationFiles.remove(c.ctx.config, [oldStored]);
        return value;
      });
      return { field, url, customization: await effective(c.ctx, scopeOf(target)) };
    },
  }),
  route({
    method: 'get',
    path: '/customization/files/:owner/:name',
    audience: 'public',
    params: storedFileParam,
    handler: async (c) => {
      const { owner, name } = c.params;
      const abs = customizationFiles.resolve(c.ctx.config, `files/customization/${owner}/${name}`);
      if (!abs || !(await fsp.stat(abs).catch(() => null))) throw notFound(CUSTOMIZATION_MSG.fileNotFound);
      const mimeType = MIME[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
      return sendStoredFile(c.res, abs, { fileName: name, mimeType, inline: true });
    },
  }),
];
