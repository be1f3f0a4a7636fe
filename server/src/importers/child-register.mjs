// Loaded with `node --import tsx --import <this file>`: see child-hooks.mjs.
import { register } from 'node:module';

register('./child-hooks.mjs', import.meta.url);
