import path from 'node:path';
import { fileFolder } from '../../uploads';

/** Term PDFs live under DATA_DIR/files/termos/<municipalityId>/ and stay (job result files expire). */
export const termoFiles = fileFolder(path.join('files', 'termos'));
