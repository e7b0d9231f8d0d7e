import type { RouteDef } from '../http/route';
import * as locais from './locais';
import * as sectors from './sectors';

/** Every declared route of the API: the registry that `mountRoutes` guards and the route matrix test walks. */
export const declaredRoutes: readonly RouteDef[] = [...sectors.routes, ...locais.routes];
