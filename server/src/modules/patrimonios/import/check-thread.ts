// Entry of the import-checking worker thread (see ./thread.ts): reads and checks one upload per message.
import { serveTasks } from '../../../spreadsheet/threads';
import { checkFile } from './check';

serveTasks(checkFile);
