/** The customization area: its routes (no object access rules: one row per municipality, found by scope). */
export { customizationRoutes as routes } from './routes';
export { loadBranding } from './branding';
