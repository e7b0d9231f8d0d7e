import { MAIN_ROUTES, type Role } from '@tombo/shared';

const printRoles = MAIN_ROUTES.find((r) => r.path === '/inventarios/imprimir/:id')?.roles ?? [];

/** Whether the role may open the printed report (spec §2.3: admin, supervisor, usuario). */
export const canPrint = (role: Role | null | undefined): boolean =>
  !!role && (printRoles as readonly string[]).includes(role);
