import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { useCustomization, useCustomizationScope } from './queries';
export { cacheCustomization, resetCustomization, saveCustomization, uploadCustomizationFile } from './api';
export { customizationKeys } from './keys';

/** Branding, theme and login customization (/configuracoes/personalizacao). */
export const feature: Feature = {
  mainRoutes: { '/configuracoes/personalizacao': lazy(() => import('./PersonalizationPage')) },
};
export { FileField } from './FileField';
