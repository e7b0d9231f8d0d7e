import { formFieldCreateBody, formFieldReorderBody, formFieldUpdateBody, idParam } from '@tombo/shared';
import { route } from '../../http/route';
import { allMunicipalities } from '../../tenancy/scope';
import { createField, deleteField, reorderFields, updateField } from './commands';
import {
  createInstallationField,
  deleteInstallationField,
  installationFields,
  reorderInstallationFields,
  updateInstallationField,
} from './installation';
import { listFields } from './queries';

const all = allMunicipalities();

/** Asset form fields (spec §3/§8), persisted per municipality. */
export const formFieldRoutes = [
  route({
    method: 'get',
    path: '/asset-form-fields',
    audience: 'municipal',
    permission: 'bens:read',
    handler: async (c) => {
      const fields = await c.read((tx) => listFields(tx, c.scope));
      return { fields, total: fields.length };
    },
  }),
  // Declared before '/:id' so "reorder" is not taken for an id.
  route({
    method: 'put',
    path: '/asset-form-fields/reorder',
    audience: 'municipal',
    permission: 'catalogs:manage',
    body: formFieldReorderBody,
    handler: async (c) => {
      const fields = await c.command((tx, out) => reorderFields(tx, out, c.scope, c.body.ids));
      return { fields, total: fields.length };
    },
  }),
  route({
    method: 'post',
    path: '/asset-form-fields',
    audience: 'municipal',
    permission: 'catalogs:manage',
    body: formFieldCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => createField(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'put',
    path: '/asset-form-fields/:id',
    audience: 'municipal',
    permission: 'catalogs:manage',
    params: idParam,
    access: { param: 'id', rule: 'formField.manage' },
    body: formFieldUpdateBody,
    handler: (c) => c.command((tx, out) => updateField(tx, out, c.scope, c.params.id, c.body)),
  }),
  route({
    method: 'delete',
    path: '/asset-form-fields/:id',
    audience: 'municipal',
    permission: 'catalogs:manage',
    params: idParam,
    access: { param: 'id', rule: 'formField.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteField(tx, out, c.scope, c.params.id)),
  }),

  // Installation-wide fields (superuser): every municipality's asset form shows them after its own.
  route({
    method: 'get',
    path: '/superuser/asset-form-fields',
    audience: 'superuser',
    handler: async (c) => {
      const fields = await c.read((tx) => installationFields(tx));
      return { fields, total: fields.length };
    },
  }),
  route({
    method: 'put',
    path: '/superuser/asset-form-fields/reorder',
    audience: 'superuser',
    body: formFieldReorderBody,
    handler: async (c) => {
      const fields = await c.command((tx, out) => reorderInstallationFields(tx, out, all, c.body.ids));
      return { fields, total: fields.length };
    },
  }),
  route({
    method: 'post',
    path: '/superuser/asset-form-fields',
    audience: 'superuser',
    body: formFieldCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => createInstallationField(tx, out, all, c.body)),
  }),
  route({
    method: 'put',
    path: '/superuser/asset-form-fields/:id',
    audience: 'superuser',
    params: idParam,
    body: formFieldUpdateBody,
    handler: (c) => c.command((tx, out) => updateInstallationField(tx, out, all, c.params.id, c.body)),
  }),
  route({
    method: 'delete',
    path: '/superuser/asset-form-fields/:id',
    audience: 'superuser',
    params: idParam,
    status: 204,
    handler: (c) => c.command((tx, out) => deleteInstallationField(tx, out, all, c.params.id)),
  }),
];
