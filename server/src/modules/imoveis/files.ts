import path from 'node:path';
import { registerFiles } from '../patrimonios';

/** Bytes of property files live under DATA_DIR/files/imoveis/<municipalityId>/<imovelId>/ (the register's upload rules). */
export const IMOVEL_FILES_DIR = path.join('files', 'imoveis');
export const imovelFiles = registerFiles(IMOVEL_FILES_DIR);
