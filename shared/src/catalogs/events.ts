import type { LiveEvent } from '../common';

/** Catalogues whose change is announced by `catalog.changed`. */
export type CatalogName = 'tipos-bens' | 'formas-aquisicao' | 'numeracao' | 'asset-form-fields';

/** The catalogues' slice of the server → client event map. */
export interface CatalogEvents {
  /** A catalogue changed (asset types, acquisition forms, numbering, asset form fields): refetch it. */
  'catalog.changed': (e: LiveEvent<{ catalog: CatalogName }>) => void;
}
