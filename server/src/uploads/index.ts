/** Uploads of any area: receiving one multipart file, checking its type from the bytes, storing it under DATA_DIR. */
export { receiveUpload, withUpload, uploadTmpDir, UPLOAD_MSG, type ReceiveOptions } from './receive';
export {
  checkFileType,
  textCharset,
  extOf,
  MIME_BY_EXT,
  EXECUTABLE_MSG,
  type CheckedType,
  type TypeMessages,
} from './check';
export { cleanName, fileFolder } from './store';
export { sendStoredFile } from './send';
