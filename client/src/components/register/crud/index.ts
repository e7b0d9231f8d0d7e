export * from './CrudPage';
export * from './RecordDialog';
