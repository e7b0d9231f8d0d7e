/** pt-BR formatting and parsing of money, dates and numbers, browser-safe (client, server and worker). */
export * from './dates';
export * from './money';
export * from './numbers';
export * from './words';
