import { PRODUCT_NAME } from '../constants';
import type { Customization } from './schemas';

// Without zod: the client reads these on the login route (the cache check in features/customization/api.ts).

/** The options of the customization's choice fields. */
export const CUSTOMIZATION_CHOICES = {
  backgroundType: ['color', 'image', 'video'],
  layout: ['center', 'split', 'left', 'right'],
} as const;

/** A colour field's value: #rgb … #rrggbbaa. */
export const HEX_COLOR = /^#[0-9a-fA-F]{3,8}$/;

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
  loginFooterText: `© {ano} ${PRODUCT_NAME}. Todos os direitos reservados.`,
  systemFooterText: '',
  superUserFooterText: '',
  prefeituraName: '',
  secretariaResponsavel: '',
  departamentoResponsavel: '',
};

/**
 * The city hall's name as a header prints it when none is configured: 'Prefeitura Municipal de <cidade>',
 * from a municipality registered as 'Itabuna', 'Município de Itabuna' or already as 'Prefeitura Municipal de
 * Itabuna' (never 'Prefeitura Municipal de Município de …').
 */
export function prefeituraOf(municipio: string): string {
  const name = municipio.trim();
  if (/^prefeitura\b/i.test(name)) return name;
  return `Prefeitura Municipal de ${name.replace(/^munic[íi]pio d[eo]s? /i, '')}`;
}

/** A footer as shown: `{ano}` becomes the current year (the default footer's "© {ano} …" never goes stale). */
export const footerText = (text: string, now = new Date()): string =>
  text.replaceAll('{ano}', String(now.getFullYear()));
