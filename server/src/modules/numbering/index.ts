/** The numbering area: its routes, and number allocation for the asset register (create, batch, import, seed). */
export { numberingRoutes as routes } from './routes';
export { allocateNumbers } from './commands';
export { currentYear, getPattern } from './queries';
export { highestTaken, sequenceOf } from './queries';
