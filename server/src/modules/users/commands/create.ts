import type { User } from '@tombo/shared';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../../db/tx';
import type { TenantScope } from '../../../tenancy/scope';
import { insertUser, type NewUser } from './write';

/** Creates a user of the scope's municipality with a typed password (a `municipalityId` in the body is ignored; never a superuser: 422). */
export function createUser(tx: Db, out: Outbox, scope: TenantScope, input: NewUser): Promise<User> {
  const { municipalityId: _ignored, ...user } = input;
  return insertUser(tx, out, scope.municipalityId, user);
}
