import { idParam, userCreateBody, userUpdateBody } from '@tombo/shared';
import { route } from '../../http/route';
import { allMunicipalities } from '../../tenancy/scope';
import { hashed } from '../users';
import * as commands from './commands';
import { municipalityList, publicSearchList, rolePermissionList, userList } from './queries';
import { municipalityBody, permissionsBody, publicSearchBody, roleParam } from './schema';
import { assertPasswordPolicy, policyOf, policyOfUser } from '../security';

// The superuser works on the whole installation: audience 'superuser' runs c.read and c.command over
// all municipalities, and every data function here is handed that tenancy, asked for explicitly.
const all = allMunicipalities();

/** The superuser back-office API: separate paths, `superuser:access`, audited. */
export const superuserRoutes = [
  route({
    method: 'get',
    path: '/superuser/permissions',
    audience: 'superuser',
    handler: async (c) => ({ roles: await c.read((tx) => rolePermissionList(tx, all)) }),
  }),
  route({
    method: 'put',
    path: '/superuser/permissions/:role',
    audience: 'superuser',
    permission: 'permissions:manage',
    params: roleParam,
    body: permissionsBody,
    handler: (c) =>
      c.command((tx, out) => commands.setRolePermissions(tx, out, all, { role: c.params.role, ...c.body })),
  }),
  route({
    method: 'get',
    path: '/superuser/municipalities',
    audience: 'superuser',
    handler: async (c) => {
      const municipalities = await c.read((tx) => municipalityList(tx, all));
      return { municipalities, total: municipalities.length };
    },
  }),
  route({
    method: 'post',
    path: '/superuser/municipalities',
    audience: 'superuser',
    body: municipalityBody,
    status: 201,
    handler: (c) => c.command((tx, out) => commands.createMunicipality(tx, out, all, c.body)),
  }),
  route({
    method: 'get',
    path: '/superuser/users',
    audience: 'superuser',
    handler: async (c) => {
      const users = await c.read((tx) => userList(tx, all));
      return { users, total: users.length };
    },
  }),
  route({
    method: 'post',
    path: '/superuser/users',
    audience: 'superuser',
    body: userCreateBody,
    status: 201,
    handler: async (c) => {
      const mid = c.body.municipalityId ?? null;
      assertPasswordPolicy(await c.read((tx) => policyOf(tx, all, mid)), c.body.password);
      const input = await hashed(c.body);
      return c.command((tx, out) => commands.createAnyUser(tx, out, all, input));
    },
  }),
  route({
    method: 'put',
    path: '/superuser/users/:id',
    audience: 'superuser',
    params: idParam,
    body: userUpdateBody,
    handler: async (c) => {
      const pw = c.body.password;
      if (pw) assertPasswordPolicy(await c.read((tx) => policyOfUser(tx, all, c.params.id, c.body.municipalityId)), pw);
      const input = await hashed(c.body);
      return c.command((tx, out) => commands.updateAnyUser(tx, out, all, c.params.id, input));
    },
  }),
  route({
    method: 'delete',
    path: '/superuser/users/:id',
    audience: 'superuser',
    params: idParam,
    status: 204,
    handler: (c) => c.command((tx, out) => commands.deleteAnyUser(tx, out, all, c.params.id)),
  }),
  // The public consultation's switch, per municipality (on by default).
  route({
    method: 'get',
    path: '/superuser/public-search',
    audience: 'superuser',
    handler: async (c) => {
      const settings = await c.read((tx) => publicSearchList(tx, all));
      return { settings, total: settings.length };
    },
  }),
  route({
    method: 'put',
    path: '/superuser/public-search',
    audience: 'superuser',
    body: publicSearchBody,
    handler: async (c) => ({ setting: await c.command((tx, out) => commands.setPublicSearch(tx, out, all, c.body)) }),
  }),
];
