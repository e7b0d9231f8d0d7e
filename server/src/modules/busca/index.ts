/** The global search panel's API (spec §2.4): assets, sectors, locations, users and screens in one answer. */
export { buscaRoutes as routes } from './routes';
export { SEARCH_PROVIDERS, type SearchProvider, type SearchInput } from './providers';
