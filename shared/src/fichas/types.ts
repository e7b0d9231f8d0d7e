import type { FichaField } from './schemas';

/** A record-sheet template as the API answers it. */
export interface FichaTemplate {
  id: number;
  name: string;
  isDefault: boolean;
  fields: FichaField[];
  showCustomFields: boolean;
  showPhoto: boolean;
  showQr: boolean;
  showHistory: boolean;
  historyLimit: number;
  signatures: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface FichaTemplateList {
  templates: FichaTemplate[];
  total: number;
}
