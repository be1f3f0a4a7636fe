/** The companies feature's public surface: the offices of a legal entity, from the company registry. */
export { type CompanyRegistry, companyOffices, REGISTRY_UNREACHABLE } from './registry.js';
