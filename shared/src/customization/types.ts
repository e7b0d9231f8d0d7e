import type { Customization } from './schemas';

/** The customization answer: the settings object under `customization`. */
export interface CustomizationResponse {
  customization: Customization;
}
