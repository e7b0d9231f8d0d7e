/** The API's own documentation: the OpenAPI 3.1 document generated from the route registry, and its viewer. */
export { openApiRoutes } from './routes';
export { buildOpenApi, openApiPath, tagOf } from './document';
