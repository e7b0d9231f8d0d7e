/** The asset-form-fields area: its routes, access rules, and what other areas (assets, imports) call. */
export { formFieldRoutes as routes } from './routes';
export { formFieldAccess as access } from './access';
export { fieldRules, listFields, type FieldRules } from './queries';
export { installationFields } from './installation';
export { checkCustomValues, type CustomFieldDefs } from './custom-values';
