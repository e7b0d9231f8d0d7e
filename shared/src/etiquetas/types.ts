import type { LabelElement } from './schemas';

/** A label template as the API answers it (spec §3 Label template; sizes in mm). */
export interface LabelTemplate {
  id: number;
  name: string;
  width: number;
  height: number;
  isDefault: boolean;
  elements: LabelElement[];
  municipalityId: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface LabelTemplateList {
  templates: LabelTemplate[];
  total: number;
}
