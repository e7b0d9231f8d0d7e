import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** The installation's login screen and the superuser footer (/superuser/customization, /superuser/footer-customization). */
export const feature: Feature = {
  superuserRoutes: {
    '/superuser/customization': lazy(() => import('./LoginCustomizationPage')),
    '/superuser/footer-customization': lazy(() => import('./FooterCustomizationPage')),
  },
};
