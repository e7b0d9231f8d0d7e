export * from './tabela-stn';
