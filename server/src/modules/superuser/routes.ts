import { Router } from 'express';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PERMISSIONS, ROLES, idParam, trimmed, userCreateBody, userUpdateBody } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, principal } from '../../auth/middleware';
import { municipalities, rolePermissions } from '../../db/schema';
import { actorOf, audit, mutate } from '../../db/tx';
import { conflict, isUniqueViolation } from '../../http/errors';
import { body, params } from '../../http/validate';
import * as users from '../users/service';

const roleParam = z.strictObject({ role: z.enum(ROLES, { error: 'Perfil inválido.' }) });
const permissionsBody = z.strictObject({
  permissions: z.array(z.enum(PERMISSIONS, { error: 'Permissão inválida.' })).max(PERMISSIONS.length),
});
const municipalityBody = z.strictObject({ name: trimmed('Nome', 160) });
const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The superuser back-office API: separate paths, one permission, audited. */
export function superuserRoutes(ctx: AppContext): Router {
  const r = Router();
  r.use('/superuser', can('superuser:access'));

  r.get('/superuser/permissions', async (_req, res) => {
    const rows = await ctx.db.select().from(rolePermissions).orderBy(asc(rolePermissions.role));
    res.json({ roles: rows.map((x) => ({ role: x.role, permissions: x.permissions })) });
  });
  r.put('/superuser/permissions/:role', can('permissions:manage'), async (req, res) => {
    const { role } = params(req, roleParam);
    const { permissions } = body(req, permissionsBody);
    await mutate(ctx, actorOf(principal(req)), async (tx, out) => {
      const [old] = await tx.select().from(rolePermissions).where(eq(rolePermissions.role, role));
      await tx
        .insert(rolePermissions)
        .values({ role, permissions })
        .onConflictDoUpdate({ target: rolePermissions.role, set: { permissions, updatedAt: new Date() } });
      await audit(tx, out, {
        action: 'PERMISSIONS_UPDATE',
        entityType: 'Role',
        entityId: role,
        details: { old_value: old?.permissions ?? [], new_value: permissions },
      });
    });
    res.json({ role, permissions });
  });

  r.get('/superuser/municipalities', async (_req, res) => {
    const rows = await ctx.db.select().from(municipalities).orderBy(asc(municipalities.name));
    res.json({ municipalities: rows, total: rows.length });
  });
  r.post('/superuser/municipalities', async (req, res) => {
    const { name } = body(req, municipalityBody);
    const row = await mutate(ctx, actorOf(principal(req)), async (tx, out) => {
      const [m] = await tx
        .insert(municipalities)
        .values({ name, slug: slugify(name) })
        .returning()
        .catch((err) => {
          if (isUniqueViolation(err)) throw conflict('Já existe um município com este nome.', 'DUPLICATE');
          throw err;
        });
      await audit(tx, out, {
        action: 'MUNICIPALITY_CREATE',
        entityType: 'Municipality',
        entityId: m.id,
        details: { new_value: { name } },
      });
      return m;
    });
    res.status(201).json(row);
  });

  r.get('/superuser/users', async (_req, res) => {
    const list = await users.listUsers(ctx, null);
    res.json({ users: list, total: list.length });
  });
  r.post('/superuser/users', async (req, res) => {
    res.status(201).json(await users.createUser(ctx, actorOf(principal(req)), null, body(req, userCreateBody)));
  });
  r.put('/superuser/users/:id', async (req, res) => {
    res.json(
      await users.updateUser(ctx, actorOf(principal(req)), null, params(req, idParam).id, body(req, userUpdateBody)),
    );
  });
  r.delete('/superuser/users/:id', async (req, res) => {
    await users.deleteUser(ctx, actorOf(principal(req)), null, params(req, idParam).id);
    res.status(204).end();
  });
  return r;
}
