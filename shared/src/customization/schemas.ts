import { z } from 'zod';
import { CUSTOMIZATION_CHOICES, HEX_COLOR } from './defaults';

const str = (max = 2000) => z.string().max(max);
const color = z.string().regex(HEX_COLOR, { error: 'Cor inválida.' });

/** Branding and login-page settings, installation-wide or per municipality. */
export const customizationSchema = z.strictObject({
  activeLogoUrl: str(),
  secondaryLogoUrl: str(),
  backgroundType: z.enum(CUSTOMIZATION_CHOICES.backgroundType),
  backgroundColor: color,
  backgroundImageUrl: str(),
  backgroundVideoUrl: str(),
  videoLoop: z.boolean(),
  videoMuted: z.boolean(),
  layout: z.enum(CUSTOMIZATION_CHOICES.layout),
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
