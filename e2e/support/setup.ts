/** Run before each journey file, in its context. */
import { shareChromiumPerFile } from './browser.js';

shareChromiumPerFile();
