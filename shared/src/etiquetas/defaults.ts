import type { LabelElement } from './schemas';

/**
 * The default label of spec §9, 'Padrão 60x40mm', in millimetres. The spec's positions (LOGO x 5 y 5
 * 25×20; number x 5 y 70 55×25) are percentages of the label; they are stored as mm, plus a QR code
 * on the right so the default label scans. Seeded per municipality by `seed_label_templates` (migration):
 * the test etiquetas-defaults asserts both say the same.
 */
export const DEFAULT_LABEL_TEMPLATE: { name: string; width: number; height: number; elements: LabelElement[] } = {
  name: 'Padrão 60x40mm',
  width: 60,
  height: 40,
  elements: [
    {
      id: 'logo',
      type: 'LOGO',
      x: 3,
      y: 2,
      width: 15,
      height: 8,
      content: '',
      fontSize: 10,
      fontWeight: 'normal',
      textAlign: 'left',
    },
    {
      id: 'numero',
      type: 'PATRIMONIO_FIELD',
      x: 3,
      y: 28,
      width: 33,
      height: 10,
      content: 'numero_patrimonio',
      fontSize: 16,
      fontWeight: 'bold',
      textAlign: 'left',
    },
    {
      id: 'qrcode',
      type: 'QRCODE',
      x: 38,
      y: 4,
      width: 20,
      height: 20,
      content: '',
      fontSize: 10,
      fontWeight: 'normal',
      textAlign: 'left',
    },
  ],
};
