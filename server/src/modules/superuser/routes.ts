import {
  assetsByUserQuery,
  idParam,
  municipalityCreateBody,
  municipalityUpdateBody,
  publicSearchInstallationBody,
  superuserUserUpdateBody,
  superuserUsersQuery,
  userCreateBody,
  type PublicSearchOverview,
  type SuperuserDashboard,
  type SystemInformation,
} from '@tombo/shared';
import { route } from '../../http/route';
import { allMunicipalities } from '../../tenancy/scope';
import { hashed, inviteNewUser, sendInvitation, unusableHash } from '../users';
import * as commands from './commands';
import {
  assetsByUser,
  dashboardRows,
  databaseFacts,
  installationPublicSearch,
  municipalityList,
  publicSearchList,
  queueCounts,
  rolePermissionList,
  userPage,
} from './queries';
import { permissionsBody, publicSearchBody, roleParam } from './bodies';
import { APP_VERSION, chromiumVersion, directoryUsage, startedAt } from './system';
import { assertPasswordPolicy, policyOf, policyOfUser } from '../security';
import { workerFacts } from '../health';

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
  // Figures per municipality and the queue's health (the screen refetches on live events and every few seconds).
  route({
    method: 'get',
    path: '/superuser/dashboard',
    audience: 'superuser',
    handler: async (c): Promise<SuperuserDashboard> => {
      const [rows, counts] = await c.read(async (tx) => [await dashboardRows(tx, all), await queueCounts(tx, all)]);
      const sum = (k: 'users' | 'assets' | 'storageBytes') => rows.reduce((n, r) => n + r[k], 0);
      return {
        municipalities: rows,
        totals: {
          municipalities: rows.length,
          activeMunicipalities: rows.filter((r) => r.active).length,
          users: sum('users'),
          assets: sum('assets'),
          storageBytes: sum('storageBytes'),
        },
        queue: { mode: c.ctx.queue.mode, ...(await workerFacts(c.ctx.queue)), ...counts },
        generatedAt: new Date().toISOString(),
      };
    },
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
  // Onboarding: the municipality and its first admin in one transaction, then the invitation mail.
  route({
    method: 'post',
    path: '/superuser/municipalities',
    audience: 'superuser',
    body: municipalityCreateBody,
    status: 201,
    handler: async (c) => {
      const input = { ...c.body, unusableHash: await unusableHash() };
      const { token, ...created } = await c.command((tx, out) => commands.createMunicipality(tx, out, all, input));
      await sendInvitation(c.ctx, created.admin, created.municipality.name, token);
      return created;
    },
  }),
  route({
    method: 'put',
    path: '/superuser/municipalities/:id',
    audience: 'superuser',
    params: idParam,
    body: municipalityUpdateBody,
    handler: async (c) => ({
      municipality: await c.command((tx, out) => commands.updateMunicipality(tx, out, all, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'get',
    path: '/superuser/users',
    audience: 'superuser',
    query: superuserUsersQuery,
    handler: (c) => c.read((tx) => userPage(tx, all, c.query)),
  }),
  route({
    method: 'post',
    path: '/superuser/users',
    audience: 'superuser',
    body: userCreateBody,
    status: 201,
    handler: async (c) => {
      const { password, ...rest } = c.body;
      const mid = rest.municipalityId ?? null;
      if (password === undefined) {
        // no password: an invitation by e-mail (the one flow of POST /users), sent after the commit
        const input = { ...rest, passwordHash: await unusableHash() };
        const { user, token } = await c.command((tx, out) => inviteNewUser(tx, out, mid, input));
        await sendInvitation(c.ctx, user, null, token);
        return user;
      }
      assertPasswordPolicy(await c.read((tx) => policyOf(tx, all, mid)), password);
      const input = await hashed({ ...rest, password });
      return c.command((tx, out) => commands.createAnyUser(tx, out, all, input));
    },
  }),
  route({
    method: 'put',
    path: '/superuser/users/:id',
    audience: 'superuser',
    params: idParam,
    body: superuserUserUpdateBody,
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
  route({
    method: 'delete',
    path: '/superuser/users/:id/2fa',
    audience: 'superuser',
    params: idParam,
    handler: (c) => c.command((tx, out) => commands.resetAnyUserTwoFactor(tx, out, all, c.params.id)),
  }),
  // A new invitation (set-password link, INVITATION_TTL_DAYS) for a user who lost or never used theirs.
  route({
    method: 'post',
    path: '/superuser/users/:id/invitation',
    audience: 'superuser',
    params: idParam,
    status: 202,
    handler: async (c) => {
      const { user, token } = await c.command((tx, out) => commands.inviteAnyUser(tx, out, all, c.params.id));
      await sendInvitation(c.ctx, user, null, token);
      return { sent: true };
    },
  }),
  // "Revogar convite": the link stops working; no sign-in until invited again (the user, 200).
  route({
    method: 'delete',
    path: '/superuser/users/:id/invitation',
    audience: 'superuser',
    params: idParam,
    handler: async (c) => {
      const unusable = await unusableHash();
      return c.command((tx, out) => commands.revokeAnyInvitation(tx, out, all, c.params.id, unusable));
    },
  }),
  route({
    method: 'get',
    path: '/superuser/assets-by-user',
    audience: 'superuser',
    query: assetsByUserQuery,
    handler: (c) => c.read((tx) => assetsByUser(tx, all, c.query)),
  }),
  route({
    method: 'get',
    path: '/superuser/system-information',
    audience: 'superuser',
    handler: async (c): Promise<SystemInformation> => {
      const chromium = chromiumVersion(c.ctx.config.chromePath);
      const [facts, counts] = await c.read(async (tx) => [await databaseFacts(tx, all), await queueCounts(tx, all)]);
      const storage = await directoryUsage(c.ctx.config.dataDir);
      return {
        version: APP_VERSION,
        node: process.version,
        uptimeSeconds: Math.round(process.uptime()),
        startedAt: startedAt().toISOString(),
        database: { kind: c.ctx.database.kind, ...facts },
        queue: { mode: c.ctx.queue.mode, ...(await workerFacts(c.ctx.queue)), ...counts },
        storage: { dataDir: c.ctx.config.dataDir, ...storage },
        chromium: { path: chromium.path, version: await chromium.version },
      };
    },
  }),
  // The public consultation's switches: installation-wide and per municipality (on by default).
  route({
    method: 'get',
    path: '/superuser/public-search',
    audience: 'superuser',
    handler: async (c): Promise<PublicSearchOverview> => {
      const [installationEnabled, settings] = await c.read(async (tx) => [
        await installationPublicSearch(tx, all),
        await publicSearchList(tx, all),
      ]);
      return { installationEnabled, settings, total: settings.length };
    },
  }),
  route({
    method: 'put',
    path: '/superuser/public-search',
    audience: 'superuser',
    body: publicSearchBody,
    handler: async (c) => ({ setting: await c.command((tx, out) => commands.setPublicSearch(tx, out, all, c.body)) }),
  }),
  route({
    method: 'put',
    path: '/superuser/public-search/installation',
    audience: 'superuser',
    body: publicSearchInstallationBody,
    handler: async (c) => ({
      installation: await c.command((tx, out) => commands.setInstallationPublicSearch(tx, out, all, c.body)),
    }),
  }),
];
