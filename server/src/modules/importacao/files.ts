import path from 'node:path';
import { fileFolder } from '../../uploads';

/** Uploaded registers and their error reports live under DATA_DIR/files/importacoes/<municipalityId>/. */
export const importacaoFolder = fileFolder(path.join('files', 'importacoes'));

/** One CSV field (`;`-separated, quoted when needed), as the error report writes it. */
export const csvField = (v: string | number) => {
  const s = String(v);
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
