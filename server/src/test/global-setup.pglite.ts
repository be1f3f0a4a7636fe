import type { TestProject } from 'vitest/node';
import { setupTemplate } from './global-setup.js';

export default (project: TestProject) => setupTemplate('pglite', project);
