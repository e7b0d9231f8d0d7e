import { z } from 'zod';
import { DEFAULT_LOGIN_COPYRIGHT_YEAR, PRODUCT_NAME } from '../constants';

const str = (max = 2000) => z.string().max(max);
const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, { error: 'Cor inválida.' });

/** Branding and login-page settings, installation-wide or per municipality. */
export const customizationSchema = z.strictObject({
  activeLogoUrl: str(),
  secondaryLogoUrl: str(),
  backgroundType: z.enum(['color', 'image', 'video']),
  backgroundColor: color,
  backgroundImageUrl: str(),
  backgroundVideoUrl: str(),
  videoLoop: z.boolean(),
  videoMuted: z.boolean(),
  layout: z.enum(['center', 'split', 'left', 'right']),
  welcomeTitle: str(200),
  welcomeSubtitle: str(200),
  primaryColor: color,
  buttonTextColor: color,
  fontFamily: str(200),
  browserTitle: str(200),
  faviconUrl: str(),
  loginFooterText: str(500),
  systemFooterText: str(500),
  superUserFooterText: str(500),
  prefeituraName: str(200),
  secretariaResponsavel: str(200),
  departamentoResponsavel: str(200),
});
export type Customization = z.infer<typeof customizationSchema>;
/** PUT body: the full object per spec, but a partial one is accepted too. */
export const customizationBody = customizationSchema.partial();

/** The settings before anyone customizes anything. */
export const DEFAULT_CUSTOMIZATION: Customization = {
  activeLogoUrl: '',
  secondaryLogoUrl: '',
  backgroundType: 'color',
  backgroundColor: '#f1f5f9',
  backgroundImageUrl: '',
  backgroundVideoUrl: '',
  videoLoop: true,
  videoMuted: true,
  layout: 'center',
  welcomeTitle: `Bem-vindo ao ${PRODUCT_NAME}`,
  welcomeSubtitle: 'Sistema de Gestão de Patrimônio',
  primaryColor: '#2563eb',
  buttonTextColor: '#ffffff',
  fontFamily: '',
  browserTitle: '',
  faviconUrl: '/favicon.ico',
  loginFooterText: `© ${DEFAULT_LOGIN_COPYRIGHT_YEAR} ${PRODUCT_NAME}. Todos os direitos reservados.`,
  systemFooterText: '',
  superUserFooterText: '',
  prefeituraName: '',
  secretariaResponsavel: '',
  departamentoResponsavel: '',
};
