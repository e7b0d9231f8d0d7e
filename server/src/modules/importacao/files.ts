import path from 'node:path';
import { fileFolder } from '../../uploads';

/** Uploaded registers and their error reports live under DATA_DIR/files/importacoes/<municipalityId>/. */
export const importacaoFolder = fileFolder(path.join('files', 'importacoes'));
