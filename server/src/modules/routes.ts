import type { RouteDef } from '../http/route';
import * as patrimonios from './patrimonios';
import * as sectors from './sectors';

/** Every declared route of the API: the registry that `mountRoutes` guards and the route matrix test walks. */
export const declaredRoutes: readonly RouteDef[] = [...sectors.routes, ...patrimonios.routes];
