/** Where the contract lives in the repository: the single source of truth. */
export const contractUrl = new URL('../../../openapi/portal.yaml', import.meta.url);
