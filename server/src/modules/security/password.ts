import { policyPasswordSchema, type SecurityPolicy } from '@tombo/shared';
import { badRequest } from '../../http/errors';

/**
 * Refuses a password weaker than the policy (spec §5 classes + the policy's minimum length): 400 with
 * the first rule's pt-BR message on `field`. Called on every password set: creation, reset, change.
 */
export function assertPasswordPolicy(policy: SecurityPolicy, password: string, field = 'password'): void {
  const result = policyPasswordSchema(policy.passwordMinLength).safeParse(password);
  if (result.success) return;
  const message = result.error.issues[0]?.message ?? 'Senha inválida.';
  throw badRequest(message, { [field]: message });
}
